import { z } from 'zod';
import { defineCall, listResult } from './call';
import { zMerchantId } from './bank-cards';
import { bankSplitDetail } from './devices';
import { pagedRequest, zFilterText, zSwitch } from './fields';
import { ID_MAX, INT4_MAX, TEXT_MAX } from '../constants';
import { BANK_CODES, PERMISSIONS } from '../enums';
import type { LocaleText } from '../locales';
import type { RcodeName } from '../rcodes';
import { zCardNumber, zName, zSn } from '../validation';

/*
 * Fee splitting (spec §2 /feeSplitting, §3 device is_bank_split, bank_split_id and bank_split_detail, §7
 * /k/setSplit, /k/getMchByBankNo, /k/addSplitAccount, /k/updateSplitAccount, /k/getMchSplitAccount,
 * /k/queryTradeRoute; issue 16).
 *
 * A split configuration (the spec's bank_split) names how a machine's online income is shared: the main account
 * (main_merchant_id: an approved card of the merchant itself) keeps main_split_percent, and each split account
 * (an approved card of ANOTHER merchant, found by its number with /k/getMchByBankNo) gets its split_percent.
 * /k/setSplit turns a machine's split on or off and picks its configuration; while it is on, the configuration
 * decides every account the machine's income goes to (the machine's own payout card is not used).
 *
 * Shares are hundredths of a percent (spec §3: "rates are percentages with 2 decimals"): 3350 is 33.50 %, and the
 * shares of a configuration add up to SPLIT_WHOLE (10000, 100.00 %). Each share is at least 1 (0.01 %).
 * Money is cut by `splitShares` below: the one rounding rule.
 *
 * pay_channel says which payments a configuration splits: 'all' (every online payment that enters the ledger),
 * 'wechat' (WeChat Pay only) or 'alipay' (Alipay only). Payments it does not cover go, unsplit, to the machine's
 * payout card (or the manual-transfer account) as without a split.
 *
 * A change applies from the next order on: the ledger takes a payment's shares when the payment is booked, so
 * money already taken keeps the shares of its time. Every change is kept as a version (`version` counts them).
 *
 * Who: the main account, or staff holding 1029 (BankManage), the permission of the payout cards themselves,
 * since a configuration decides where money goes exactly like binding a card to machines (/k/bindDevices).
 * Staff whose bank scope is "only own" see and change only the configurations they made, and only with main
 * cards they may see; /k/setSplit reaches only machines in the staff member's stores. /k/queryTradeRoute tells
 * money that was taken, like the payout records, so it needs 1036 (Settle).
 */

// ---------------------------------------------------------------------------------------------------------
// Limits

/** The whole of a payment in hundredths of a percent: the shares of a configuration add up to this. */
export const SPLIT_WHOLE = 10_000;
/** Split accounts of a configuration besides the main account. */
export const SPLIT_ACCOUNTS_MAX = 5;
/** Configurations per merchant. */
export const SPLIT_CONFIGS_MAX = 50;
/** /k/getMchByBankNo searches others' cards: per user, this many look-ups per window. */
export const SPLIT_LOOKUP_LIMIT = { perWindow: 10, windowMs: 10 * 60_000, perDay: 50 } as const;

export const SPLIT_PAY_CHANNELS = ['all', 'wechat', 'alipay'] as const;
export type SplitPayChannel = (typeof SPLIT_PAY_CHANNELS)[number];
export const SPLIT_PAY_CHANNEL_LABELS: Record<SplitPayChannel, LocaleText> = {
  all: { 'zh-CN': '全部在线支付', 'zh-TW': '全部線上支付', 'en-US': 'All online payments' },
  wechat: { 'zh-CN': '微信支付', 'zh-TW': '微信支付', 'en-US': 'WeChat Pay' },
  alipay: { 'zh-CN': '支付宝', 'zh-TW': '支付寶', 'en-US': 'Alipay' },
};

/** Whether a configuration of this pay_channel splits a payment made with `client` (an order's payment). */
export function splitCovers(channel: SplitPayChannel, client: string): boolean {
  return channel === 'all' || channel === client;
}

// ---------------------------------------------------------------------------------------------------------
// The rules and the money

/** One account's share: a card's merchant_id and its hundredths of a percent. */
export interface SplitShare {
  account: string;
  percent: number;
}
export interface SplitPart {
  account: string;
  cents: number;
}

/**
 * The rules of a configuration, in the order they are checked; the first broken one is answered. The server
 * checks them again with the cards (main card approved and the merchant's own; split cards approved and others').
 */
export function checkSplitRules(input: {
  main_merchant_id: string;
  main_split_percent: number;
  split_merchant: readonly { merchant_id: string; split_percent: number }[];
}): { rcode: RcodeName; params?: Record<string, string | number> } | null {
  const list = input.split_merchant;
  if (list.length === 0) return { rcode: 'SPLIT_LIST_EMPTY' };
  if (list.length > SPLIT_ACCOUNTS_MAX)
    return { rcode: 'SPLIT_TOO_MANY', params: { max: SPLIT_ACCOUNTS_MAX } };
  const shares = [input.main_split_percent, ...list.map((s) => s.split_percent)];
  if (shares.some((p) => !Number.isInteger(p) || p < 1 || p >= SPLIT_WHOLE)) {
    return { rcode: 'SPLIT_SHARE_NOT_POSITIVE' };
  }
  if (list.some((s) => s.merchant_id === input.main_merchant_id)) return { rcode: 'SPLIT_MAIN_IN_LIST' };
  if (new Set(list.map((s) => s.merchant_id)).size !== list.length)
    return { rcode: 'SPLIT_ACCOUNT_DUPLICATE' };
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum !== SPLIT_WHOLE) return { rcode: 'SPLIT_SUM_NOT_WHOLE', params: { sum: formatSplitPercent(sum) } };
  return null;
}

/**
 * Cuts `amountCents` by `shares` (shares[0] is the main account; the percents add up to SPLIT_WHOLE).
 *
 * The rounding rule: every split account (shares[1..]) gets floor(|amount| × percent / 10000) cents, and the main
 * account gets what is left, so the parts always add up to the amount and a split account never gets a cent more
 * than its share. A negative amount (a refund) is cut as its absolute value and every part negated, so a whole
 * refund takes back exactly what the payment gave each account. The parts come in the order of `shares`.
 */
export function splitShares(amountCents: number, shares: readonly SplitShare[]): SplitPart[] {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(Math.abs(amountCents) * SPLIT_WHOLE)) {
    throw new RangeError(`amount out of range: ${amountCents}`);
  }
  if (shares.length === 0) throw new RangeError('no shares');
  const total = shares.reduce((sum, s) => sum + s.percent, 0);
  if (total !== SPLIT_WHOLE || shares.some((s) => !Number.isInteger(s.percent) || s.percent < 0)) {
    throw new RangeError(`shares must be whole hundredths adding up to ${SPLIT_WHOLE}`);
  }
  const sign = amountCents < 0 ? -1 : 1;
  const whole = Math.abs(amountCents);
  const others = shares.slice(1).map((s) => ({
    account: s.account,
    cents: Math.floor((whole * s.percent) / SPLIT_WHOLE),
  }));
  const rest = whole - others.reduce((sum, p) => sum + p.cents, 0);
  return [{ account: shares[0]!.account, cents: rest }, ...others].map((p) => ({
    account: p.account,
    cents: p.cents === 0 ? 0 : sign * p.cents,
  }));
}

/** 3350 → '33.5', 10000 → '100': a share as people read it (without the % sign). */
export function formatSplitPercent(hundredths: number): string {
  return String(hundredths / 100);
}

// ---------------------------------------------------------------------------------------------------------
// Fields

/** A share in hundredths of a percent (1..9999); the rules (checkSplitRules) answer their own rcodes. */
const zShare = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .int({ error: 'noDecimals' })
  .max(INT4_MAX, { error: 'numberInvalid' });

/** bank_split_id: a configuration's id as text (a number is accepted too), as devices carry it. */
export const zSplitId = z
  .union([z.string().trim().max(TEXT_MAX.code), z.number().int().max(ID_MAX)], { error: 'required' })
  .transform((v) => String(v))
  .refine((v) => /^[1-9]\d{0,15}$/.test(v), { error: 'invalidValue' });

const splitConfigFields = {
  bank_split_name: zName,
  main_merchant_id: zMerchantId,
  main_split_percent: zShare,
  pay_channel: z.enum(SPLIT_PAY_CHANNELS, { error: 'invalidValue' }),
  split_merchant: z
    .array(z.object({ merchant_id: zMerchantId, split_percent: zShare }), { error: 'required' })
    // The rules answer SPLIT_TOO_MANY; this only bounds the body.
    .max(100),
};

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A split account as a look-up finds it: another merchant's approved card, masked. */
export const splitAccountCandidate = z.object({
  merchant_id: z.string(),
  /** The holder, masked ('张*三'). */
  acct_name: z.string(),
  /** Masked card number ('6222 **** **** 3445'). */
  acct_no_encry: z.string(),
  bank_code: z.enum(BANK_CODES),
  /** The bank's name in the caller's language. */
  bank: z.string(),
});

/**
 * A configuration as /feeSplitting lists it: the device list's bank_split_detail plus its id and history. In both,
 * acct_name, acct_no_encry and bank are the main card's (bank: its bank code, which BANK_LABELS names in the
 * screen's language, since the device list answers without one); split accounts' holders are masked ('张*三').
 */
export const splitConfig = bankSplitDetail.extend({
  bank_split_id: z.string(),
  pay_channel: z.enum(SPLIT_PAY_CHANNELS),
  /** Changes so far: 1 when made, +1 per update. */
  version: z.number().int(),
  /** Machines splitting by it now. */
  device_count: z.number().int(),
  /**
   * false when a card of it is no longer an approved card (deleted by its owner): the ledger then gives that
   * share to the main account, or, when the main card is gone, does not split at all. Update it.
   */
  valid: z.boolean(),
  create_time: z.number(),
  update_time: z.number(),
});
export type SplitConfig = z.infer<typeof splitConfig>;

/** Where one order's money went: one line per account and movement (payment, refund). */
export const tradeRoute = z.object({
  /** The card's merchant_id; '' for the manual-transfer account. */
  merchant_id: z.string(),
  acct_name: z.string(),
  acct_no_encry: z.string(),
  /** main: the main account (or the machine's payout card without a split); split: a split account. */
  role: z.enum(['main', 'split', 'manual']),
  /** The share it had when the payment was booked, hundredths of a percent (SPLIT_WHOLE without a split). */
  split_percent: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  /** Signed cents: payments positive, refunds negative. */
  amount: z.number().int(),
  /** The settlement record that paid it out; null while not settled. */
  settle_id: z.number().int().nullable(),
  time: z.number(),
});

// ---------------------------------------------------------------------------------------------------------
// Calls

const bank = { auth: 'session', perm: PERMISSIONS.BankManage } as const;

/**
 * Finds split accounts by card number: other merchants' approved cards with this number, masked (never the
 * number in clear, the holder as '张*三'). The caller's own cards are not split accounts (SPLIT_ACCOUNT_IS_OWN);
 * nothing found answers SPLIT_ACCOUNT_NOT_FOUND. Limited per user (SPLIT_LOOKUP_LIMIT, TOO_MANY_ATTEMPTS).
 */
export const getMchByBankNo = defineCall({
  path: '/api/v1/k/getMchByBankNo',
  ...bank,
  request: z.object({ acct_no: zCardNumber }),
  response: listResult(splitAccountCandidate),
});

/** A new configuration (within SPLIT_CONFIGS_MAX); its rules as checkSplitRules says, then the cards. */
export const addSplitAccount = defineCall({
  path: '/api/v1/k/addSplitAccount',
  ...bank,
  request: z.object(splitConfigFields),
  response: z.object({ bank_split_id: z.string(), version: z.number().int() }),
});

/** Changes a configuration; machines splitting by it use the change from their next order on. */
export const updateSplitAccount = defineCall({
  path: '/api/v1/k/updateSplitAccount',
  ...bank,
  request: z.object({ ...splitConfigFields, bank_split_id: zSplitId }),
  response: z.object({ bank_split_id: z.string(), version: z.number().int() }),
});

/** The merchant's configurations (staff "only own": theirs), newest first. */
export const getMchSplitAccount = defineCall({
  path: '/api/v1/k/getMchSplitAccount',
  ...bank,
  request: pagedRequest({ keyword: zFilterText }, 999),
  response: listResult(splitConfig),
});

/**
 * Turns a machine's split on (is_bank_split 1 with a configuration of the merchant) or off (is_bank_split 0; the
 * machine keeps bank_split_id so that turning it on again picks the same one). Machines in the caller's stores.
 */
export const setSplit = defineCall({
  path: '/api/v1/k/setSplit',
  ...bank,
  request: z.object({
    sn: zSn,
    is_bank_split: zSwitch,
    bank_split_id: zSplitId.nullish().transform((v) => v ?? null),
  }),
  response: z.object({
    sn: z.string(),
    is_bank_split: z.union([z.literal(0), z.literal(1)]),
    bank_split_id: z.string().nullable(),
  }),
});

/**
 * Which accounts an order's money went to and how much (payments and refunds, with the shares of the moment the
 * payment was booked). Answered from the funds ledger (docs/funds.md); orders outside the ledger (cash) have no
 * lines.
 */
export const queryTradeRoute = defineCall({
  path: '/api/v1/k/queryTradeRoute',
  auth: 'session',
  perm: PERMISSIONS.Settle,
  request: z.object({ orderno: z.string().trim().min(1, { error: 'required' }).max(TEXT_MAX.code) }),
  response: z.object({ orderno: z.string(), sn: z.string(), client: z.string(), lines: z.array(tradeRoute) }),
});

// ---------------------------------------------------------------------------------------------------------
// Labels

export const SPLIT_FIELD_LABELS: Record<string, LocaleText> = {
  bank_split_id: { 'zh-CN': '分账配置', 'zh-TW': '分帳配置', 'en-US': 'Split configuration' },
  bank_split_name: { 'zh-CN': '分账名称', 'zh-TW': '分帳名稱', 'en-US': 'Split name' },
  main_merchant_id: { 'zh-CN': '主账户', 'zh-TW': '主帳戶', 'en-US': 'Main account' },
  main_split_percent: { 'zh-CN': '主账户比例', 'zh-TW': '主帳戶比例', 'en-US': 'Main account share' },
  pay_channel: { 'zh-CN': '支付方式', 'zh-TW': '支付方式', 'en-US': 'Payment channel' },
  split_merchant: { 'zh-CN': '分账账户', 'zh-TW': '分帳帳戶', 'en-US': 'Split accounts' },
  merchant_id: { 'zh-CN': '分账账户', 'zh-TW': '分帳帳戶', 'en-US': 'Split account' },
  split_percent: { 'zh-CN': '分账比例', 'zh-TW': '分帳比例', 'en-US': 'Split share' },
  acct_no: { 'zh-CN': '银行卡号', 'zh-TW': '銀行卡號', 'en-US': 'Card number' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
  is_bank_split: { 'zh-CN': '分账开关', 'zh-TW': '分帳開關', 'en-US': 'Split switch' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  orderno: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
};

/** The split calls (queryTradeRoute is registered by the funds module: it answers from the ledger), for their labels and tests. */
export const SPLIT_CALL_PATHS = [
  getMchByBankNo,
  addSplitAccount,
  updateSplitAccount,
  getMchSplitAccount,
  setSplit,
  queryTradeRoute,
].map((c) => c.path);
