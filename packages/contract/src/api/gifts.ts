import { z } from 'zod';
import { defineCall, listResult } from './call';
import { isCalendarDay } from './catalog';
import { pagedRequest, zFilterId, zFilterText, zId, zText } from './fields';
import { REPORT_FORMATS } from './analytics';
import { INT4_MAX, SHELF_NUMBER_MAX, TEXT_MAX } from '../constants';
import type { LocaleText } from '../locales';
import type { RcodeName } from '../rcodes';
import { zName, zSn } from '../validation';
import { zWeekdays } from '../weekdays';

/*
 * Gift vouchers (spec §2 /gift, §3 Gift voucher, §4 its states, §7 /h/getGift, /b/getGiftHubDev, /b/addGift,
 * /b/disableGift, /b/download, §9 payment `gift`; issue 17; decision 036).
 *
 * A gift voucher (gift_id) is a BATCH of `quantity` single-use codes. Each code gives one of the batch's gifts
 * (goods of the merchant) for free, on one of the batch's machines (device_sn: the merchant's own), on a day of
 * its valid period (start_date..end_date, merchant-local days, both included) that is one of its weekdays
 * (1 Monday .. 7 Sunday, in the merchant's time zone). The customer enters the code (or scans its QR code, the
 * machine's purchase page with ?gift=<code>), picks a shelf holding one of the gifts, and the machine vends it as
 * an order of payment `gift` and amount 0.
 *
 * Codes are 12 characters from a 30-character alphabet (no 0/O, 1/I/L, U), drawn from the CSPRNG (59 bits), unique
 * by index; attempts at redeeming are limited per address, so codes cannot be guessed.
 *
 * A code's state (spec §4): unused; downloaded (its batch was exported — XLSX or the printable QR sheet — so it
 * counts as handed out; it still redeems); used (an order was made for it); revoked (the merchant disabled the
 * batch); deleted (the merchant deleted a revoked batch: it leaves the list); invalid (computed, never stored: an
 * unused or downloaded code while its batch is outside its period, or today is not one of its weekdays).
 * A used code whose vend failed (delivery failed, nothing came out) may be redeemed again: the customer tries again.
 *
 * Who: the main account only (spec §6: the activity center).
 */

// ---------------------------------------------------------------------------------------------------------
// Limits and enumerations

/** Codes per batch. */
export const GIFT_QUANTITY_MAX = 1000;
/** Machines and gifts a batch may name. */
export const GIFT_DEVICES_MAX = 500;
export const GIFT_GOODS_MAX = 50;
/** Code length and alphabet (no 0/O, 1/I/L, U: codes are read aloud and typed). */
export const GIFT_CODE_LENGTH = 12;
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Redeeming: attempts (checks and redeems) per address per window. */
export const GIFT_REDEEM_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;

/** What a customer types or scans, as a code: spaces and dashes dropped, upper case. */
export function normalizeGiftCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** 'ABCD-EFGH-JKMN': a code as printed. */
export function formatGiftCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

export const GIFT_CODE_STATES = ['unused', 'used', 'revoked', 'deleted', 'downloaded', 'invalid'] as const;
export type GiftCodeState = (typeof GIFT_CODE_STATES)[number];
export const GIFT_STATE_LABELS: Record<GiftCodeState, LocaleText> = {
  unused: { 'zh-CN': '未使用', 'zh-TW': '未使用', 'en-US': 'Unused' },
  used: { 'zh-CN': '已使用', 'zh-TW': '已使用', 'en-US': 'Used' },
  revoked: { 'zh-CN': '已作废', 'zh-TW': '已作廢', 'en-US': 'Revoked' },
  deleted: { 'zh-CN': '已删除', 'zh-TW': '已刪除', 'en-US': 'Deleted' },
  downloaded: { 'zh-CN': '已下载', 'zh-TW': '已下載', 'en-US': 'Downloaded' },
  invalid: { 'zh-CN': '已失效', 'zh-TW': '已失效', 'en-US': 'Invalid' },
};

// ---------------------------------------------------------------------------------------------------------
// The batch's rules (checked in the form as the person types, and again by the server)

export interface GiftRuleInput {
  start_date: string;
  end_date: string;
  weekdays: readonly number[];
  device_sn: readonly string[];
  gifts: readonly number[];
  quantity: number;
}

/** A broken rule of a batch: its rcode, the field its message belongs to, and the message's parameters. */
export interface GiftRuleProblem {
  rcode: RcodeName;
  field: keyof GiftRuleInput;
  params?: Record<string, string | number>;
}

/**
 * Every broken rule of a batch, in the order of the rules, at most one per field (the form shows them all at
 * once); `today` is the merchant-local 'YYYY-MM-DD'.
 */
export function giftRuleProblems(input: GiftRuleInput, today: string): GiftRuleProblem[] {
  const problems: GiftRuleProblem[] = [];
  if (input.end_date < input.start_date) problems.push({ rcode: 'GIFT_PERIOD_INVALID', field: 'end_date' });
  else if (input.end_date < today) problems.push({ rcode: 'GIFT_PERIOD_PAST', field: 'end_date' });
  if (input.weekdays.length === 0) problems.push({ rcode: 'GIFT_WEEKDAYS_EMPTY', field: 'weekdays' });
  if (input.device_sn.length === 0) problems.push({ rcode: 'GIFT_DEVICES_EMPTY', field: 'device_sn' });
  if (input.gifts.length === 0) problems.push({ rcode: 'GIFT_GOODS_EMPTY', field: 'gifts' });
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > GIFT_QUANTITY_MAX) {
    problems.push({ rcode: 'GIFT_QUANTITY_RANGE', field: 'quantity', params: { max: GIFT_QUANTITY_MAX } });
  }
  return problems;
}

/** The first broken rule of a batch and the field it belongs to (what the server answers), or null. */
export function checkGiftRules(input: GiftRuleInput, today: string): GiftRuleProblem | null {
  return giftRuleProblems(input, today)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Fields

const zGiftDay = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .trim()
  .min(1, { error: 'required' })
  .max(10, { error: 'invalidValue' })
  .refine(isCalendarDay, { error: 'invalidValue' });

const zCount = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .int({ error: 'noDecimals' })
  .max(INT4_MAX, { error: 'numberInvalid' });

export const zGiftCode = z
  .string({ error: 'required' })
  .max(40, { error: 'invalidValue' })
  .transform(normalizeGiftCode)
  .refine((v) => v.length > 0, { error: 'required' });

export const giftFields = {
  name: zName,
  /** The salesman who handed the batch out (free text, may be empty). */
  salesman: zText(TEXT_MAX.name),
  start_date: zGiftDay,
  end_date: zGiftDay,
  weekdays: zWeekdays,
  /** Points a member spends for a code (stored and shown; spending needs members, issue 18). */
  points: zCount.min(0, { error: 'invalidValue' }),
  note: zText(TEXT_MAX.note),
  device_sn: z
    .array(zSn, { error: 'required' })
    .max(GIFT_DEVICES_MAX)
    .transform((list) => [...new Set(list)]),
  gifts: z
    .array(zId, { error: 'required' })
    .max(GIFT_GOODS_MAX)
    .transform((list) => [...new Set(list)]),
  quantity: zCount,
};

// ---------------------------------------------------------------------------------------------------------
// Answers

export const giftCounts = z.object({
  unused: z.number().int(),
  downloaded: z.number().int(),
  used: z.number().int(),
  revoked: z.number().int(),
  deleted: z.number().int(),
  invalid: z.number().int(),
});
export type GiftCounts = z.infer<typeof giftCounts>;

export const giftBatch = z.object({
  gift_id: z.number().int(),
  name: z.string(),
  /**
   * The batch's state: revoked or deleted when the merchant said so; else invalid while outside its period or
   * weekdays; else used when every code is used; else downloaded once exported; else unused.
   */
  status: z.enum(GIFT_CODE_STATES),
  create_time: z.number(),
  salesman: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  weekdays: z.array(z.number().int()),
  points: z.number().int(),
  note: z.string(),
  device_sn: z.array(z.string()),
  gifts: z.array(z.object({ goods_id: z.number().int(), goods_name: z.string() })),
  quantity: z.number().int(),
  /** Codes per state (invalid: unused and downloaded codes while the batch is outside its period or weekdays). */
  counts: giftCounts,
  downloaded_at: z.number().nullable(),
});
export type GiftBatch = z.infer<typeof giftBatch>;

export const giftMachine = z.object({
  sn: z.string(),
  title: z.string(),
  type: z.string(),
  alive: z.number().int(),
  store_name: z.string(),
});

export const giftCode = z.object({
  code: z.string(),
  status: z.enum(GIFT_CODE_STATES),
  /** What the QR code holds: the purchase page of the batch's first machine with ?gift=<code>. */
  url: z.string(),
  /** The QR code of the link, an SVG data URL. */
  qr: z.string(),
});

// ---------------------------------------------------------------------------------------------------------
// Calls (the merchant's: main account only)

const main = { auth: 'session', mainOnly: true } as const;

/** The batches, newest first; condition.status filters on the batch's state (deleted ones only when asked). */
export const getGift = defineCall({
  path: '/api/v1/h/getGift',
  ...main,
  request: pagedRequest({
    keyword: zFilterText,
    status: z
      .enum(GIFT_CODE_STATES, { error: 'invalidValue' })
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || undefined),
  }),
  response: listResult(giftBatch),
});

/**
 * The machines a batch may be bound to: the merchant's own, paged, searched by sn or title; with
 * condition.gift_id, only that batch's machines.
 */
export const getGiftHubDev = defineCall({
  path: '/api/v1/b/getGiftHubDev',
  ...main,
  request: pagedRequest({ keyword: zFilterText, gift_id: zFilterId }),
  response: listResult(giftMachine),
});

/** A new batch and its codes. */
export const addGift = defineCall({
  path: '/api/v1/b/addGift',
  ...main,
  request: z.object(giftFields),
  response: z.object({ gift_id: z.number().int(), quantity: z.number().int() }),
});

/**
 * Revokes a batch (its unused and downloaded codes become revoked; used ones stay used), or with
 * action 'delete' deletes a revoked batch (its revoked codes become deleted and it leaves the list). Revoking a
 * revoked batch changes nothing.
 */
export const disableGift = defineCall({
  path: '/api/v1/b/disableGift',
  ...main,
  request: z.object({
    gift_id: zId,
    action: z
      .enum(['revoke', 'delete'], { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'revoke'),
  }),
  response: z.object({ gift_id: z.number().int(), status: z.enum(GIFT_CODE_STATES) }),
});

/**
 * The batch's codes as a file (XLSX unless csv is asked), through a signed link good for 10 minutes; its unused
 * codes become downloaded (handed out).
 */
export const download = defineCall({
  path: '/api/v1/b/download',
  ...main,
  request: z.object({
    gift_id: zId,
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});

/** The printable sheet: the batch's codes with their QR codes; its unused codes become downloaded. */
export const getGiftCodes = defineCall({
  path: '/api/v1/b/getGiftCodes',
  ...main,
  request: z.object({ gift_id: zId }),
  response: z.object({ gift_id: z.number().int(), name: z.string(), codes: z.array(giftCode) }),
});

// ---------------------------------------------------------------------------------------------------------
// Calls of the customer's purchase page (public, limited per address)

export const giftShelf = z.object({
  channel_sn: z.number().int(),
  goods_name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
});

/** What a code gives on this machine: the batch's name and the shelves holding one of its gifts in stock. */
export const checkGift = defineCall({
  path: '/p/v1/buy/checkGift',
  auth: 'public',
  request: z.object({ sn: zSn, code: zGiftCode }),
  response: z.object({
    code: z.string(),
    name: z.string(),
    end_date: z.string(),
    shelves: z.array(giftShelf),
    /** Member points the redemption costs (0: none; above 0 the customer must be signed in, issue 18). */
    points: z.number().int().optional(),
  }),
});

/**
 * Redeems a code at a shelf: in one transaction the code becomes used and a free order (payment gift, amount 0)
 * is made, then vended like a paid order. Follow it with /p/v1/buy/getOrder (order_no, token).
 */
export const redeemGift = defineCall({
  path: '/p/v1/buy/redeemGift',
  auth: 'public',
  request: z.object({
    sn: zSn,
    code: zGiftCode,
    channel_sn: z
      .number({ error: 'required' })
      .int({ error: 'invalidValue' })
      .max(SHELF_NUMBER_MAX, { error: 'invalidValue' }),
    /**
     * The signed customer token (coupons' sign-in): needed when the batch costs points (issue 18), whose member
     * spends them on the code's first redemption; otherwise ignored.
     */
    customer: z
      .string({ error: 'invalidValue' })
      .max(300)
      .nullish()
      .transform((v) => v || undefined),
  }),
  response: z.object({ order_no: z.string(), token: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------
// Labels

export const GIFT_FIELD_LABELS: Record<string, LocaleText> = {
  gift_id: { 'zh-CN': '礼品券', 'zh-TW': '禮品券', 'en-US': 'Gift voucher' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  salesman: { 'zh-CN': '业务员', 'zh-TW': '業務員', 'en-US': 'Salesman' },
  start_date: { 'zh-CN': '开始日期', 'zh-TW': '開始日期', 'en-US': 'Start date' },
  end_date: { 'zh-CN': '结束日期', 'zh-TW': '結束日期', 'en-US': 'End date' },
  weekdays: { 'zh-CN': '可用星期', 'zh-TW': '可用星期', 'en-US': 'Weekdays' },
  points: { 'zh-CN': '积分', 'zh-TW': '積分', 'en-US': 'Points cost' },
  note: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Note' },
  device_sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machines' },
  gifts: { 'zh-CN': '礼品', 'zh-TW': '禮品', 'en-US': 'Gifts' },
  quantity: { 'zh-CN': '券码数量', 'zh-TW': '券碼數量', 'en-US': 'Number of codes' },
  action: { 'zh-CN': '操作', 'zh-TW': '操作', 'en-US': 'Action' },
  format: { 'zh-CN': '格式', 'zh-TW': '格式', 'en-US': 'Format' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
  code: { 'zh-CN': '券码', 'zh-TW': '券碼', 'en-US': 'Code' },
  channel_sn: { 'zh-CN': '货道', 'zh-TW': '貨道', 'en-US': 'Shelf' },
};

export const GIFT_CALL_PATHS = [
  getGift,
  getGiftHubDev,
  addGift,
  disableGift,
  download,
  getGiftCodes,
  checkGift,
  redeemGift,
].map((c) => c.path);
