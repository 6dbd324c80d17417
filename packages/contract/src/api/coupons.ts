import { z } from 'zod';
import { defineCall, listResult } from './call';
import { isCalendarDay } from './catalog';
import { pagedRequest, zFilterText, zId } from './fields';
import { PAY_CHANNELS } from './purchase';
import { ID_MAX, INT4_MAX, MIN_PRICE_CENTS } from '../constants';
import type { Locale, LocaleText } from '../locales';
import type { RcodeName } from '../rcodes';
import { zName, zSn } from '../validation';
import { weekdayOf, zWeekdays } from '../weekdays';

/*
 * Coupons (spec §2 /activity, §3 Coupon, §7 /b/getCoupon, /b/addCoupon, /b/editCoupon, /b/delCoupon,
 * /b/getCardCouponList; issue 17; docs/marketing.md "Coupons", decision 035).
 *
 * A coupon is one of two types:
 *  - 'rate': the customer pays `rate` hundredths of a percent of the price: 8500 = 85 % = 8.5折 (15 % off).
 *  - 'reduce': `reduce` cents off.
 * Either is usable only when the price reaches `condition` cents (0: any price). What the customer pays is
 * `couponPrice` below: never above the price, never below the minimum price (MIN_PRICE_CENTS, 2 cents) — a price
 * already below the minimum is left as it is.
 *
 * Scope: 'all' the merchant's machines, 'stores' the machines standing in the chosen stores (store_ids), 'goods'
 * the chosen goods (goods_ids) on any machine. `quantity` coupons can be received in all, at most `receive_limit`
 * by one customer; received from receive_start to receive_end, used from use_start to use_end (merchant-local
 * calendar days, both included), on the chosen weekdays (1 Monday .. 7 Sunday, in the merchant's time zone).
 * `points`: what a member spends to receive it (issue 18, api/members.ts): receiving spends them from the
 * customer's member at the merchant, or answers MEMBER_POINTS_SHORT (have, need); COUPON_NEEDS_POINTS remains only
 * for a server built without members.
 *
 * A customer (`<channel>:<openid>`, the signed customer token of getCustomer) receives coupons on the purchase
 * page and uses one with createOrder: the receipt is held by the unpaid order, used when it is paid, and back
 * unused when the order closes unpaid. A refund in full while the coupon's use window is still open gives it back
 * unused; a partial refund (or one after the window) keeps it used.
 *
 * Who: the merchant calls are the main account's only (spec §6: the activity center).
 */

// ---------------------------------------------------------------------------------------------------------
// Limits and enumerations

export const COUPON_TYPES = ['rate', 'reduce'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_SCOPES = ['all', 'stores', 'goods'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** The whole price in hundredths of a percent: a rate coupon's `rate` is below it. */
export const COUPON_RATE_WHOLE = 10_000;
export const COUPON_QUANTITY_MAX = 100_000;
export const COUPON_RECEIVE_LIMIT_MAX = 100;
export const COUPON_POINTS_MAX = 1_000_000;
/** A reduce coupon and its condition: at most 10,000 yuan. */
export const COUPON_AMOUNT_MAX = 1_000_000;
export const COUPON_TARGETS_MAX = 200;
export const COUPON_RECEIPT_STATES = ['unused', 'held', 'used'] as const;
export type CouponReceiptState = (typeof COUPON_RECEIPT_STATES)[number];

export const COUPON_TYPE_LABELS: Record<CouponType, LocaleText> = {
  rate: { 'zh-CN': '折扣券', 'zh-TW': '折扣券', 'en-US': 'Discount rate' },
  reduce: { 'zh-CN': '满减券', 'zh-TW': '滿減券', 'en-US': 'Amount off' },
};
export const COUPON_SCOPE_LABELS: Record<CouponScope, LocaleText> = {
  all: { 'zh-CN': '全部设备', 'zh-TW': '全部設備', 'en-US': 'All machines' },
  stores: { 'zh-CN': '指定门店', 'zh-TW': '指定門店', 'en-US': 'Chosen stores' },
  goods: { 'zh-CN': '指定商品', 'zh-TW': '指定商品', 'en-US': 'Chosen goods' },
};
export const COUPON_RECEIPT_LABELS: Record<CouponReceiptState, LocaleText> = {
  unused: { 'zh-CN': '未使用', 'zh-TW': '未使用', 'en-US': 'Unused' },
  held: { 'zh-CN': '待支付', 'zh-TW': '待支付', 'en-US': 'In an unpaid order' },
  used: { 'zh-CN': '已使用', 'zh-TW': '已使用', 'en-US': 'Used' },
};

// ---------------------------------------------------------------------------------------------------------
// The money and the rules

/** What a coupon needs to price a sale. */
export interface CouponTerms {
  type: CouponType;
  rate: number;
  reduce: number;
  condition: number;
}

/** Whether the price reaches the coupon's condition. */
export function couponReaches(price: number, terms: Pick<CouponTerms, 'condition'>): boolean {
  return price >= terms.condition;
}

/**
 * What the customer pays for `price` cents with the coupon (the price reaching its condition: couponReaches).
 * Rate: price × rate / 10000 rounded up (the customer never gets more off than stated). Reduce: price − reduce.
 * Then never below MIN_PRICE_CENTS and never above the price; a price below the minimum stays as it is.
 */
export function couponPrice(price: number, terms: CouponTerms): number {
  if (price <= MIN_PRICE_CENTS) return price;
  const raw =
    terms.type === 'rate' ? Math.ceil((price * terms.rate) / COUPON_RATE_WHOLE) : price - terms.reduce;
  return Math.min(price, Math.max(MIN_PRICE_CENTS, raw));
}

/** 8500 → '8.5' (折, what Chinese readers say) ; used with the texts' "{n}折" / "{p}% of the price". */
export function rateZhe(rate: number): string {
  return String(Math.round(rate / 10) / 100);
}

/** 8500 → '85': the percent of the price the customer pays. */
export function ratePercent(rate: number): string {
  return String(rate / 100);
}

/** What a coupon gives, in a language: '8.5折' / '85% of the price', '满10元减2元' / '2.00 off 10.00'. */
export function couponTermsText(terms: CouponTerms, locale: Locale): string {
  const y = (cents: number) => (cents / 100).toFixed(2);
  const zh = locale !== 'en-US';
  if (terms.type === 'rate') {
    const base = zh ? `${rateZhe(terms.rate)}折` : `${ratePercent(terms.rate)}% of the price`;
    if (terms.condition <= 0) return base;
    return zh ? `满${y(terms.condition)}元${base}` : `${base} from ${y(terms.condition)}`;
  }
  if (terms.condition <= 0) return zh ? `立减${y(terms.reduce)}元` : `${y(terms.reduce)} off`;
  return zh
    ? `满${y(terms.condition)}元减${y(terms.reduce)}元`
    : `${y(terms.reduce)} off from ${y(terms.condition)}`;
}

export interface CouponRuleInput {
  type: CouponType;
  rate: number;
  reduce: number;
  condition: number;
  scope: CouponScope;
  store_ids: readonly number[];
  goods_ids: readonly number[];
  quantity: number;
  receive_limit: number;
  points: number;
  receive_start: string;
  receive_end: string;
  use_start: string;
  use_end: string;
  weekdays: readonly number[];
}

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** A broken rule of a coupon: its rcode, the field its message belongs to, and the message's parameters. */
export interface CouponRuleProblem {
  rcode: RcodeName;
  field: keyof CouponRuleInput;
  params?: Record<string, string | number>;
}

/**
 * Every broken rule of a coupon, in the order of the form, at most one per field: the form shows them all at
 * once, so the person fixes every field in one go. `today` is the merchant-local 'YYYY-MM-DD' (a new or changed
 * coupon must still be usable).
 */
export function couponRuleProblems(input: CouponRuleInput, today: string): CouponRuleProblem[] {
  const problems: CouponRuleProblem[] = [];
  if (input.type === 'rate' && !whole(input.rate, 1, COUPON_RATE_WHOLE - 1))
    problems.push({ rcode: 'COUPON_RATE_RANGE', field: 'rate' });
  if (input.type === 'reduce' && !whole(input.reduce, 1, COUPON_AMOUNT_MAX))
    problems.push({ rcode: 'COUPON_REDUCE_RANGE', field: 'reduce' });
  if (!whole(input.condition, 0, COUPON_AMOUNT_MAX))
    problems.push({ rcode: 'COUPON_REDUCE_RANGE', field: 'condition' });
  if (input.scope === 'stores' && input.store_ids.length === 0)
    problems.push({ rcode: 'COUPON_SCOPE_EMPTY', field: 'store_ids' });
  if (input.scope === 'goods' && input.goods_ids.length === 0)
    problems.push({ rcode: 'COUPON_SCOPE_EMPTY', field: 'goods_ids' });
  if (!whole(input.quantity, 1, COUPON_QUANTITY_MAX))
    problems.push({
      rcode: 'COUPON_QUANTITY_RANGE',
      field: 'quantity',
      params: { max: COUPON_QUANTITY_MAX },
    });
  if (!whole(input.receive_limit, 1, COUPON_RECEIVE_LIMIT_MAX))
    problems.push({
      rcode: 'COUPON_LIMIT_RANGE',
      field: 'receive_limit',
      params: { max: COUPON_RECEIVE_LIMIT_MAX },
    });
  if (!whole(input.points, 0, COUPON_POINTS_MAX))
    problems.push({ rcode: 'COUPON_POINTS_RANGE', field: 'points', params: { max: COUPON_POINTS_MAX } });
  if (input.receive_end < input.receive_start)
    problems.push({ rcode: 'COUPON_RECEIVE_PERIOD_INVALID', field: 'receive_end' });
  if (input.use_end < input.use_start || input.use_end < input.receive_start || input.use_end < today)
    problems.push({ rcode: 'COUPON_USE_PERIOD_INVALID', field: 'use_end' });
  if (input.weekdays.length === 0) problems.push({ rcode: 'COUPON_WEEKDAYS_EMPTY', field: 'weekdays' });
  return problems;
}

/** The first broken rule of a coupon and the field it belongs to (what the server answers), or null. */
export function checkCouponRules(input: CouponRuleInput, today: string): CouponRuleProblem | null {
  return couponRuleProblems(input, today)[0] ?? null;
}

/** Whether a coupon is usable on a merchant-local day (its use window and weekdays). */
export function couponUsableOn(
  coupon: { use_start: string; use_end: string; weekdays: readonly number[] },
  day: string,
): boolean {
  return day >= coupon.use_start && day <= coupon.use_end && coupon.weekdays.includes(weekdayOf(day));
}

// ---------------------------------------------------------------------------------------------------------
// Fields

const zDay = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .trim()
  .min(1, { error: 'required' })
  .max(10, { error: 'invalidValue' })
  .refine(isCalendarDay, { error: 'invalidValue' });

/** A whole number the rules (checkCouponRules) bound further, with their own rcodes. */
const zCount = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .int({ error: 'noDecimals' })
  .max(INT4_MAX, { error: 'numberInvalid' });

const zIds = z
  .array(zId, { error: 'invalidValue' })
  .max(COUPON_TARGETS_MAX)
  .nullish()
  .transform((list) => [...new Set(list ?? [])]);

export const couponFields = {
  name: zName,
  type: z.enum(COUPON_TYPES, { error: 'invalidValue' }),
  /** rate: hundredths of a percent the customer pays (1..9999); 0 for reduce. */
  rate: zCount
    .min(0, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 0),
  /** reduce: cents off; 0 for rate. */
  reduce: zCount
    .min(0, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 0),
  /** The price must reach this (cents; 0 any). */
  condition: zCount
    .min(0, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 0),
  scope: z.enum(COUPON_SCOPES, { error: 'invalidValue' }),
  store_ids: zIds,
  goods_ids: zIds,
  quantity: zCount,
  receive_limit: zCount,
  points: zCount.nullish().transform((v) => v ?? 0),
  receive_start: zDay,
  receive_end: zDay,
  use_start: zDay,
  use_end: zDay,
  weekdays: zWeekdays,
  /** Spec §7: the activity center's coupons belong to no referrer; whatever is sent, 0 is kept. */
  referrer_id: z
    .unknown()
    .optional()
    .transform((): 0 => 0),
};

// ---------------------------------------------------------------------------------------------------------
// Answers

export const coupon = z.object({
  coupon_id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  rate: z.number().int(),
  reduce: z.number().int(),
  condition: z.number().int(),
  scope: z.enum(COUPON_SCOPES),
  store_ids: z.array(z.number().int()),
  goods_ids: z.array(z.number().int()),
  /** The names of the chosen stores or goods (for the list). */
  targets: z.array(z.object({ id: z.number().int(), name: z.string() })),
  quantity: z.number().int(),
  receive_limit: z.number().int(),
  points: z.number().int(),
  receive_start: z.string(),
  receive_end: z.string(),
  use_start: z.string(),
  use_end: z.string(),
  weekdays: z.array(z.number().int()),
  referrer_id: z.number().int(),
  received: z.number().int(),
  used: z.number().int(),
  create_time: z.number(),
});
export type Coupon = z.infer<typeof coupon>;

export const couponReceipt = z.object({
  receipt_id: z.number().int(),
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  /** `<channel>:<openid>` with the openid partly masked. */
  customer: z.string(),
  status: z.enum(COUPON_RECEIPT_STATES),
  points: z.number().int(),
  received_at: z.number(),
  used_at: z.number().nullable(),
  order_no: z.string(),
  sn: z.string(),
  discount: z.number().int(),
});
export type CouponReceipt = z.infer<typeof couponReceipt>;

/** A coupon as the purchase page shows it. */
export const offeredCoupon = z.object({
  coupon_id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  rate: z.number().int(),
  reduce: z.number().int(),
  condition: z.number().int(),
  use_start: z.string(),
  use_end: z.string(),
  weekdays: z.array(z.number().int()),
  points: z.number().int(),
  /** How many more this customer may receive (receive_limit − received; 0 when none are left). */
  can_receive: z.number().int(),
});
export type OfferedCoupon = z.infer<typeof offeredCoupon>;

export const myCoupon = offeredCoupon.omit({ can_receive: true }).extend({
  receipt_id: z.number().int(),
  /** Usable now on this machine for these shelves (channel_sn), with what the customer would pay. */
  prices: z.array(z.object({ channel_sn: z.number().int(), amount: z.number().int() })),
});
export type MyCoupon = z.infer<typeof myCoupon>;

// ---------------------------------------------------------------------------------------------------------
// Calls

const main = { auth: 'session', mainOnly: true } as const;

/** The merchant's coupons (not deleted), newest first; keyword filters the name. */
export const getCoupon = defineCall({
  path: '/api/v1/b/getCoupon',
  ...main,
  request: pagedRequest({ keyword: zFilterText }),
  response: listResult(coupon),
});

export const addCoupon = defineCall({
  path: '/api/v1/b/addCoupon',
  ...main,
  request: z.object(couponFields),
  response: z.object({ coupon_id: z.number().int() }),
});

/** Changes a coupon; receipts already given keep theirs; quantity never below what was received. */
export const editCoupon = defineCall({
  path: '/api/v1/b/editCoupon',
  ...main,
  request: z.object({ ...couponFields, coupon_id: zId }),
  response: z.object({ coupon_id: z.number().int() }),
});

/** Deletes a coupon: it cannot be received or used any more; its receipts stay in the lists. */
export const delCoupon = defineCall({
  path: '/api/v1/b/delCoupon',
  ...main,
  request: z.object({ coupon_id: zId }),
  response: z.object({ coupon_id: z.number().int() }),
});

/** Receipts and uses of the merchant's coupons (one coupon or all), newest first: data, count, useCount. */
export const getCardCouponList = defineCall({
  path: '/api/v1/b/getCardCouponList',
  ...main,
  request: pagedRequest({
    coupon_id: z.coerce
      .number()
      .int()
      .min(0)
      .max(ID_MAX)
      .nullish()
      .transform((v) => v || undefined),
    status: z
      .enum(COUPON_RECEIPT_STATES)
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || undefined),
  }),
  response: listResult(couponReceipt).extend({ useCount: z.number().int() }),
});

const zCustomerToken = z.string({ error: 'required' }).min(1, { error: 'required' }).max(300);

/** The coupons a machine offers now (the customer token is optional: with it, how many more each may take). */
export const getMachineCoupons = defineCall({
  path: '/p/v1/buy/getCoupons',
  auth: 'public',
  request: z.object({ sn: zSn, customer: zCustomerToken.nullish().transform((v) => v ?? undefined) }),
  response: z.object({
    data: z.array(offeredCoupon),
    /**
     * The customer's member points at this merchant (issue 18): null without a customer token, when they are no
     * member yet, or while the merchant's Member app is unusable.
     */
    member_points: z.number().int().nullable().optional(),
  }),
});

export const receiveCoupon = defineCall({
  path: '/p/v1/buy/receiveCoupon',
  auth: 'public',
  request: z.object({ sn: zSn, coupon_id: zId, customer: zCustomerToken }),
  response: z.object({ receipt_id: z.number().int() }),
});

/** The customer's unused coupons of this machine's merchant, with the price each makes of the shelves it fits. */
export const getMyCoupons = defineCall({
  path: '/p/v1/buy/getMyCoupons',
  auth: 'public',
  request: z.object({ sn: zSn, customer: zCustomerToken }),
  response: z.object({ data: z.array(myCoupon) }),
});

// ---------------------------------------------------------------------------------------------------------
// The customer identity (docs/marketing.md "Customer identity")

/**
 * The page the purchase page sends the browser to for an identity: the channel's OAuth (WeChat: the messaging
 * app's snsapi_base; Alipay: a SANDBOX identity, only where the messaging app is the sandbox), then back to
 * /buy/<sn>?customer=<signed token>.
 */
export const CUSTOMER_IDENTITY_PATH = '/p/v1/buy/identity';
export const CUSTOMER_IDENTITY_CALLBACK_PATH = '/p/v1/buy/identity/callback';
export const customerIdentityQuery = z.object({ sn: zSn, channel: z.enum(PAY_CHANNELS) });
/** The customer's part of a token (`wechat:o…`), for showing; the signature stays in the token. */
export function customerOfToken(token: string): string {
  const dot = token.lastIndexOf('.');
  return dot > 0 ? token.slice(0, dot) : '';
}

export const COUPON_FIELD_LABELS: Record<string, LocaleText> = {
  coupon_id: { 'zh-CN': '优惠券', 'zh-TW': '優惠券', 'en-US': 'Coupon' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  type: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Type' },
  rate: { 'zh-CN': '折扣', 'zh-TW': '折扣', 'en-US': 'Rate' },
  reduce: { 'zh-CN': '减免金额', 'zh-TW': '減免金額', 'en-US': 'Amount off' },
  condition: { 'zh-CN': '使用门槛', 'zh-TW': '使用門檻', 'en-US': 'Minimum price' },
  scope: { 'zh-CN': '适用范围', 'zh-TW': '適用範圍', 'en-US': 'Scope' },
  store_ids: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Stores' },
  goods_ids: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  quantity: { 'zh-CN': '发放数量', 'zh-TW': '發放數量', 'en-US': 'Quantity' },
  receive_limit: { 'zh-CN': '每人限领', 'zh-TW': '每人限領', 'en-US': 'Per customer' },
  points: { 'zh-CN': '所需积分', 'zh-TW': '所需積分', 'en-US': 'Points' },
  receive_start: { 'zh-CN': '领取开始', 'zh-TW': '領取開始', 'en-US': 'Receive from' },
  receive_end: { 'zh-CN': '领取结束', 'zh-TW': '領取結束', 'en-US': 'Receive until' },
  use_start: { 'zh-CN': '使用开始', 'zh-TW': '使用開始', 'en-US': 'Use from' },
  use_end: { 'zh-CN': '使用结束', 'zh-TW': '使用結束', 'en-US': 'Use until' },
  weekdays: { 'zh-CN': '可用星期', 'zh-TW': '可用星期', 'en-US': 'Weekdays' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
  customer: { 'zh-CN': '顾客', 'zh-TW': '顧客', 'en-US': 'Customer' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
};

export const COUPON_CALLS = [
  getCoupon,
  addCoupon,
  editCoupon,
  delCoupon,
  getCardCouponList,
  getMachineCoupons,
  receiveCoupon,
  getMyCoupons,
];
