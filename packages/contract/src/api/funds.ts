import { z } from 'zod';
import { REPORT_FORMATS } from './analytics';
import { defineCall, listResult } from './call';
import { pagedRequest, zId } from './fields';
import { SETTLEMENT_STATES, PERMISSIONS } from '../enums';
import { TEXT_MAX } from '../constants';

/*
 * Funds and settlement (spec §2 /fund and /settle, §3 fund account and settlement, §4 settlement codes, §6 1036,
 * §7 /b/getFunds and /b/getSettle, §9 payout fee and manual-transfer fee). The money behind these answers is the
 * ledger of docs/funds.md: every figure is the sum of the ledger entries behind it.
 *
 * A payout account is an approved bank card (its merchant_id, as the bank-card calls name it). The merchant's
 * machines without a card pay into one more account, the manual-transfer account (manual_transfer 1,
 * merchant_id ''), paid out by hand with the manual-transfer fee.
 *
 * Money is integer cents; settle_date is the merchant's local day as YYYYMMDD.
 *
 * Who: the main account, or staff holding 1036 (Settle). Staff whose bank scope is "only own" see only the
 * accounts of the cards they added.
 */

const funds = { auth: 'session', perm: PERMISSIONS.Settle } as const;

/** A payout account and its money, spec §3 "Fund account" (stort_name as the spec spells it: the card's merchant name). */
export const fundAccount = z.object({
  /** The bank card's id as text; '' for the manual-transfer account. */
  merchant_id: z.string(),
  manual_transfer: z.union([z.literal(0), z.literal(1)]),
  /** Masked card number ('' for the manual-transfer account). */
  acct_no_encry: z.string(),
  acct_name: z.string(),
  stort_name: z.string(),
  bank_code: z.string(),
  bank_branch: z.string(),
  /** Held for the merchant now: not_settle_amt + to_settle_amt + settling_amt. */
  balance: z.number().int(),
  /** Taken and not yet in a settlement (today's income, and refunds since). */
  not_settle_amt: z.number().int(),
  /** In a settlement whose payout has not gone out yet, or failed and waits for the next run. */
  to_settle_amt: z.number().int(),
  /** Paid out, waiting for the bank's confirmation. */
  settling_amt: z.number().int(),
  /** Paid out and confirmed, all time. */
  settled_amt: z.number().int(),
  /** Machines paying into this account now. */
  dev_count: z.number().int(),
});
export type FundAccount = z.infer<typeof fundAccount>;

/** Every payout account of the merchant (spec: page 1, size 999). `sandbox`: payouts go to the sandbox bank. */
export const getFunds = defineCall({
  path: '/api/v1/b/getFunds',
  ...funds,
  request: pagedRequest({}, 999),
  response: listResult(fundAccount).extend({ sandbox: z.boolean() }),
});

/** A merchant-local day: 'YYYYMMDD' (also 'YYYY-MM-DD'); '' or missing means open. */
const zSettleDay = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(10)
  .transform((v) => v.replace(/-/g, ''))
  .refine((v) => v === '' || /^\d{8}$/.test(v), { error: 'invalidValue' })
  .nullish()
  .transform((v) => v || undefined);

export const settlement = z.object({
  id: z.number().int(),
  settle_date: z.string(),
  /** The payout account: a card's id as text, '' for the manual-transfer account. */
  merchant_id: z.string(),
  bank_code: z.string(),
  acct_no_encry: z.string(),
  acct_name: z.string(),
  /** What reaches the bank account. */
  settle_amt: z.number().int(),
  /** Spec §4: 1 and 4 success, 2 fail, 3 settling. */
  settle_status: z.number().int(),
  /** The day's income less its refunds (refunds of settled days carried in included), before fees. */
  gross_amt: z.number().int(),
  income_amt: z.number().int(),
  refund_amt: z.number().int(),
  /** The payout fee (spec §9: settle_amt/0.994 − settle_amt, within a cent). */
  poundage: z.number().int(),
  /** The manual-transfer fee of machines without a card (6 %, at least 1 yuan). */
  transfer_fee: z.number().int(),
  /** Negative balance carried from earlier days (refunds after their day was settled). */
  carried_amt: z.number().int(),
  order_count: z.number().int(),
  refund_count: z.number().int(),
  /** Why the payout failed, as the bank said it ('' unless failed). */
  fail_reason: z.string(),
  created_at: z.number().int(),
  /** When the bank confirmed it (or said it failed). */
  finished_at: z.number().int().nullable(),
});
export type Settlement = z.infer<typeof settlement>;

/**
 * The settlement filter's name for the manual-transfer account (its merchant_id is '', which reads as "no
 * filter"): `condition.merchant_id: 'manual'` lists only its records.
 */
export const MANUAL_ACCOUNT_FILTER = 'manual';

/**
 * Settlement records, newest day first, filtered by day range, status and payout account (a card's merchant_id,
 * or MANUAL_ACCOUNT_FILTER for the manual-transfer account; '' or missing: every account).
 */
export const getSettle = defineCall({
  path: '/api/v1/b/getSettle',
  ...funds,
  request: pagedRequest({
    start_date: zSettleDay,
    end_date: zSettleDay,
    settle_status: z
      .enum(SETTLEMENT_STATES, { error: 'invalidValue' })
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || undefined),
    merchant_id: z
      .string()
      .trim()
      .max(TEXT_MAX.code)
      .refine((v) => v === MANUAL_ACCOUNT_FILTER || /^\d*$/.test(v), { error: 'invalidValue' })
      .nullish()
      .transform((v) => v || undefined),
  }),
  response: listResult(settlement).extend({ sandbox: z.boolean() }),
});

/** One line of a settlement: an order's income or a refund it covers. */
export const settlementLine = z.object({
  kind: z.enum(['payment', 'refund']),
  orderno: z.string(),
  sn: z.string(),
  client: z.string(),
  /** Signed: income positive, refunds negative. */
  amount: z.number().int(),
  time: z.number().int(),
});

/** A settlement record and, paged, the orders and refunds it covers. */
export const getSettleDetail = defineCall({
  path: '/api/v1/b/getSettleDetail',
  ...funds,
  request: pagedRequest({}, 20).extend({ id: zId }),
  response: z.object({
    record: settlement,
    lines: listResult(settlementLine),
    sandbox: z.boolean(),
  }),
});

/**
 * A settlement record's detail as a file (spec §6 1033 with 1036): the orders and refunds it covers, as
 * getSettleDetail lists them, and a total row, in XLSX or CSV (money in yuan with 2 decimals, headers in the
 * caller's language). Answers a download link like /a/report's (GET, no headers needed, valid 10 minutes, for
 * this user only, dead with the session that asked). The caller needs 1033 besides 1036; another merchant's
 * record, an open one or one outside the caller's accounts reads SETTLEMENT_NOT_FOUND.
 */
export const settleReport = defineCall({
  path: '/api/v1/b/settleReport',
  ...funds,
  // 1033 is checked with 1036 before the body is read (decision 061).
  anyPerm: [PERMISSIONS.Report],
  request: z.object({
    id: zId,
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});

/** What one account received from one machine on one day: its shares of payments less its shares of refunds. */
export const profitShare = z.object({
  /** The merchant-local day: 'YYYYMMDD' (payments on the day paid, refunds on the day they were confirmed). */
  day: z.string(),
  sn: z.string(),
  dev_title: z.string(),
  /** The account: a card's merchant_id ('' for the manual-transfer account). */
  merchant_id: z.string(),
  acct_name: z.string(),
  acct_no_encry: z.string(),
  /** main: the machine's own (or the configuration's main) account; split: a split account. */
  role: z.enum(['main', 'split', 'manual']),
  income_amt: z.number().int(),
  refund_amt: z.number().int(),
  /** income_amt − refund_amt. */
  net_amt: z.number().int(),
});
export type ProfitShare = z.infer<typeof profitShare>;

/**
 * Profit sharing (/profitSharing): per day, machine and account, what each party received from machines whose
 * income was split, newest day first; `totals` sums each account over the whole range. `sn` a machine of the
 * caller's (one it never had, or outside a staff member's stores: DEVICE_NOT_FOUND).
 */
export const getProfitSharing = defineCall({
  path: '/api/v1/b/getProfitSharing',
  ...funds,
  request: pagedRequest(
    {
      start_date: zSettleDay,
      end_date: zSettleDay,
      sn: z
        .string()
        .trim()
        .max(TEXT_MAX.code)
        .nullish()
        .transform((v) => v || undefined),
    },
    20,
  ),
  response: listResult(profitShare).extend({
    totals: z.array(
      profitShare.pick({
        merchant_id: true,
        acct_name: true,
        acct_no_encry: true,
        role: true,
        income_amt: true,
        refund_amt: true,
        net_amt: true,
      }),
    ),
    sandbox: z.boolean(),
  }),
});

/**
 * Demo and test mode only (a dev route, 404 in production): settles everything the merchant's ledger holds so far
 * as if today were over — today's daily run now (settle_date today), then its payouts to the sandbox bank — so a
 * demo or a browser test sees a sale reach /settle without waiting for 13:00 tomorrow. `merchant`: the main
 * account's phone or the merchant id. Once a day per merchant: later sales of the day join tomorrow's settlement.
 */
export const settleNow = defineCall({
  path: '/p/v1/dev/settleNow',
  auth: 'public',
  request: z.object({ merchant: z.string().trim().min(1, { error: 'required' }).max(TEXT_MAX.code) }),
  response: z.object({
    merchant_id: z.number().int(),
    settle_date: z.string(),
    /** Settlement records made (0: the day was settled before, or nothing to pay). */
    settlements: z.number().int(),
  }),
});
