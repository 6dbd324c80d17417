import { z } from 'zod';
import { defineCall, emptyBody, listResult } from './call';
import { zFilterText } from './fields';
import { INT4_MAX, TEXT_MAX } from '../constants';
import { BANK_CODES, isBankCode, type BankCode } from '../enums';

/*
 * The bank and branch directory (spec §3 Bank card, §5 Merchant form, §7 Bank and funds, §9 Banks): the 15 banks
 * a payout card may be of, and their branches with the CNAPS number (联行号, `bank_no`) per province and city.
 *
 * Public calls: the /bankCard editor reads them with a session, and so does the shared invitation /shareAddBank,
 * opened without an account. The directory is public reference data (the same numbers are printed on every
 * bank's own pages), so no identity is needed; the server limits how often one address may ask (decision 030).
 * The branch picker loads only once a bank and a bank region are picked (checkBranchPrerequisites): a missing
 * bank answers "pick the bank first", a missing region "pick the bank region first".
 */

/** One of the 15 banks (spec §9), as a string or the number older clients send. Missing: "pick the bank first". */
export const zHeadBank = z
  .union([z.string().trim().max(TEXT_MAX.word), z.number().max(INT4_MAX)], { error: 'pickBank' })
  .transform((v) => String(v))
  .refine((v) => v !== '', { error: 'pickBank' })
  .refine(isBankCode, { error: 'invalidValue' })
  .transform((v) => v as BankCode);

/**
 * A province or city of the bank region: its 6-digit official code (GB/T 2260, as the region tree of
 * `GET /p/v1/regions` gives it). Missing: "pick the bank region first". A well-formed code that is no region
 * answers an empty list, not an error: the picker just shows no branch.
 */
export const zBankRegion = z
  .union([z.string().trim().max(TEXT_MAX.word), z.number().max(INT4_MAX)], { error: 'pickBankRegion' })
  .transform((v) => String(v))
  .refine((v) => v !== '', { error: 'pickBankRegion' })
  .refine((v) => /^\d{6}$/.test(v), { error: 'invalidValue' });

/** A branch as the merchant form stores it (spec §3: bank_branch, bank_no). */
export const bankBranch = z.object({
  /** CNAPS number (联行号), 12 digits. */
  bank_no: z.string(),
  /** The branch's full name, e.g. 中国工商银行股份有限公司北京东铁匠营支行. */
  bank_branch: z.string(),
});
export type BankBranch = z.infer<typeof bankBranch>;

export const directoryBank = z.object({
  bank_code: z.enum(BANK_CODES),
  /** The bank's official name (zh-CN), as stored on a card; screens label the code in their own language. */
  bank: z.string(),
  /** Branches the directory holds for the bank, in every region: 0 means the picker will stay empty. */
  branch_count: z.number().int(),
});
export type DirectoryBank = z.infer<typeof directoryBank>;

/** The 15 banks of spec §9, in the order of their codes. */
export const getBankList = defineCall({
  path: '/p/v1/b/jdMerchantV2/getBankList',
  auth: 'public',
  request: emptyBody,
  response: listResult(directoryBank),
});

/** The branches of `head_bank` in the bank region (province + city), by name. */
export const getBankNo = defineCall({
  path: '/p/v1/b/getBankNo',
  auth: 'public',
  request: z.object({ head_bank: zHeadBank, province: zBankRegion, city: zBankRegion }),
  response: listResult(bankBranch),
});

/**
 * The same list, as the branch picker's search asks for it: `keyword` keeps the branches whose name contains it
 * ('' or missing: all of them).
 */
export const getBankSubList = defineCall({
  path: '/p/v1/b/jdMerchantV2/getBankSubList',
  auth: 'public',
  request: z.object({
    bank_code: zHeadBank,
    province: zBankRegion,
    city: zBankRegion,
    keyword: zFilterText,
  }),
  response: listResult(bankBranch),
});
