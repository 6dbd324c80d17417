import { z } from 'zod';
import {
  areaRef,
  pagedRequest,
  storeRef,
  zFilterId,
  zFilterSwitch,
  zFilterText,
  zFilterTime,
  zText,
} from './fields';
import { defineCall, emptyBody } from './call';
import { dispenseOutcome } from './devices';
import { ORDER_KINDS, ORDER_STATUSES, PAYMENTS, PERMISSIONS, REFUND_KINDS, REFUND_STATES } from '../enums';
import { INT4_MAX, SHELF_NUMBER_MAX, TEXT_MAX } from '../constants';
import { required, zRules } from '../validation';

/*
 * Orders (spec §2 /buyBill and /payBill, §3 Bill, pay-bill query conditions and bill analysis, §4, §5, §7 Bills).
 * Money is integer cents; rates are integer hundredths of a percent (1234 = 12.34 %); times are epoch ms.
 * The lifecycle behind these calls is docs/orders.md.
 */

// ---------------------------------------------------------------------------------------------------------
// Field helpers

/** The operator sign from /u/checkOprPwd; absent or a placeholder when the user has no operation password. */
const operSign = z.string().max(200).optional();

/** An order number the caller names. */
export const zOrderNo = zRules(required).pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,40}$/, { error: 'invalidValue' })
    .max(40),
);

/** A price bound in cents; '' or missing means open. */
const zFilterCents = z
  .union([z.number(), z.string().max(TEXT_MAX.word)], { error: 'numberInvalid' })
  .transform((v) => (v === '' ? undefined : Number(v)))
  .pipe(
    z
      .number({ error: 'numberInvalid' })
      .int({ error: 'priceCents' })
      .min(0, { error: 'numberInvalid' })
      .max(INT4_MAX, { error: 'numberInvalid' })
      .optional(),
  )
  .nullish()
  .transform((v) => v ?? undefined);

/**
 * The pay-bill query conditions (spec §3), shared by both bill lists. Text conditions match exactly
 * (order numbers, card numbers and the payment channel's number are copied, not typed in part).
 */
export const billConditionFields = {
  sn: z
    .string({ error: 'snNumeric' })
    .trim()
    .regex(/^\d{0,20}$/, { error: 'snNumeric' })
    .max(TEXT_MAX.sn)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  order_no: zFilterText,
  cardno: zFilterText,
  /** The payment channel's transaction number (WeChat transaction_id, Alipay trade_no). */
  merchant_order: zFilterText,
  /** One order status (spec §4); '' or missing: any. */
  status: z
    .union([z.number(), z.string().max(TEXT_MAX.word)], { error: 'invalidValue' })
    .transform((v) => (v === '' ? undefined : Number(v)))
    .pipe(z.literal(ORDER_STATUSES, { error: 'invalidValue' }).optional())
    .nullish()
    .transform((v) => v ?? undefined),
  /** The payment method (spec §9 payments); '' or missing: any. */
  client: z
    .union([z.enum(PAYMENTS), z.literal('')], { error: 'invalidValue' })
    .nullish()
    .transform((v) => (v ? v : undefined)),
  /**
   * Default: the start of today in the merchant's time zone. No earlier than earliestAllowedStart(end_time − 1,
   * now) (constants.ts: the range rule of the picker and analytics too), else 'rangeStartTooEarly'.
   */
  start_time: zFilterTime,
  /** Exclusive; default: the start of tomorrow. */
  end_time: zFilterTime,
  price_start: zFilterCents,
  price_end: zFilterCents,
  area: zFilterId,
  store: zFilterId,
};

function priceRangeInOrder(
  v: { condition: { price_start?: number | undefined; price_end?: number | undefined } },
  ctx: z.RefinementCtx,
): void {
  const { price_start: from, price_end: to } = v.condition;
  if (from !== undefined && to !== undefined && to < from) {
    ctx.addIssue({ code: 'custom', message: 'priceEndBelowStart', path: ['condition', 'price_end'] });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Bills

export const billGoods = z.object({
  goods_id: z.number().int().nullable(),
  goods_name: z.string(),
  /** Full URL; '' when none. */
  img: z.string(),
  channel_sn: z.number().int(),
  /** Unit price charged. */
  price: z.number().int(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  /** The goods error (spec §3 goods[0].err): a fault code 1..10, a fault name, or '' when normal. */
  err: z.string(),
  err_text: z.string(),
  /** Unit cost; null without the profit permission or the Profit app. */
  cost_price: z.number().int().nullable(),
});

export const refundRecord = z.object({
  refund_no: z.string(),
  amount: z.number().int(),
  /** auto (failed delivery), manual (/b/refund) or offline (/b/offlineRefund). */
  kind: z.enum(REFUND_KINDS),
  status: z.enum(REFUND_STATES),
  status_text: z.string(),
  remarks: z.string(),
  /** Who asked for it; null for automatic refunds. */
  operator: z.object({ user_id: z.number().int(), username: z.string(), nickname: z.string() }).nullable(),
  /** Why the payment channel refused it; '' otherwise. */
  fail_reason: z.string(),
  create_time: z.number(),
  finish_time: z.number().nullable(),
});
export type RefundRecord = z.infer<typeof refundRecord>;

/** One order as both bill lists show it (spec §3 Bill). */
export const bill = z.object({
  orderno: z.string(),
  /** The payment channel's transaction number; '' for cash, remote and card sales. */
  merchant_order: z.string(),
  /** Payment method (spec §9): wechat, alipay, bill, coin, remote, gift, iccard, card, ezcard. */
  client: z.string(),
  client_text: z.string(),
  kind: z.enum(ORDER_KINDS),
  /** Order status code (spec §4). */
  status: z.number().int(),
  /** The status as the bill shows it, in the caller's language, with the goods error where spec §4 adds it. */
  status_text: z.string(),
  /** Status 1, 2 or 5. */
  abnormal: z.boolean(),
  /** Refunded so far (confirmed by the payment channel). */
  refund: z.number().int(),
  /** Refunds asked for and not finished yet. */
  refunding: z.number().int(),
  /** What a refund may still take now: 0 when the rules refuse one (see refund_eligibility). */
  refundable: z.number().int(),
  /**
   * Spec §4 eligibility: 0 refundable (same day), 1 always refundable (remote, card kinds), 2 "only same-day
   * deals refundable", 3 cash, never refunded.
   */
  refund_eligibility: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  amount: z.number().int(),
  /** The price before marketing offers (= amount when none) and what they took off (issue 17). */
  original_amount: z.number().int().optional(),
  discount: z.number().int().optional(),
  /** The coupon the customer used; '' when none. */
  coupon_name: z.string().optional(),
  /** When it was paid (cash and machine sales: when the machine sold it). */
  time: z.number(),
  sn: z.string(),
  device_title: z.string(),
  /** Card number for card payments; '' otherwise. */
  cardno: z.string(),
  /** The payer's id at the payment channel (open id); '' when unknown. */
  payer: z.string(),
  /** The shopping list. */
  goods: z.array(billGoods),
  /** Game orders: how the play ended ('' while not reported). */
  game: z.object({ result: z.enum(['win', 'lose', '']), plays: z.number().int() }).nullable(),
  /** Notes, e.g. the remarks of refunds. */
  remarks: z.string(),
  refunds: z.array(refundRecord),
  /** Cost of what left the machine; null without the profit permission or the Profit app. */
  cost_price: z.number().int().nullable(),
  create_time: z.number(),
  /** When the machine's result arrived; null while none has. */
  finish_time: z.number().nullable(),
});
export type Bill = z.infer<typeof bill>;

/**
 * The analysis block over every order the conditions select (not only the page), spec §3 bill analysis:
 * income = amounts taken minus refunds; success = status 3, 6, 7; refunds = 8, 9, 10, 11; abnormal = 1, 2, 5;
 * cost counts for 3, 6, 7, 10 and 11 (goods that left the machine); profit = income − cost.
 */
export const billAnalysis = z.object({
  count: z.number().int(),
  income: z.number().int(),
  refund: z.number().int(),
  wxIncome: z.number().int(),
  alipayIncome: z.number().int(),
  /** Everything not WeChat or Alipay: cash, cards, remote. */
  otherIncome: z.number().int(),
  successCount: z.number().int(),
  successRate: z.number().int(),
  refundCount: z.number().int(),
  refundRate: z.number().int(),
  wxCount: z.number().int(),
  wxRate: z.number().int(),
  alipayCount: z.number().int(),
  alipayRate: z.number().int(),
  otherCount: z.number().int(),
  abnormalCount: z.number().int(),
  /** null without the profit permission (1038) or a usable Profit app. */
  costPrice: z.number().int().nullable(),
  profit: z.number().int().nullable(),
});
export type BillAnalysis = z.infer<typeof billAnalysis>;

export const billList = z.object({
  data: z.array(bill),
  count: z.number().int(),
  analysis: billAnalysis,
  /** The time range applied (the defaults filled in), for the picker to show. */
  range: z.object({ start_time: z.number(), end_time: z.number() }),
});
export type BillList = z.infer<typeof billList>;

/**
 * Sales bills (/buyBill): every order, cash and remote ones included. condition.abnormal = true lists only the
 * pending abnormal orders (status 5, or 1 and 2 older than the machine's answer time) — the home alert's list:
 * of any day when no start_time or end_time is given (range.start_time is then 0), as the alert counts them.
 */
export const getBuyBill = defineCall({
  path: '/api/v1/b/getBuyBill',
  auth: 'session',
  perm: PERMISSIONS.BuyBill,
  request: pagedRequest({ ...billConditionFields, abnormal: zFilterSwitch }).superRefine(priceRangeInOrder),
  response: billList,
});

/** Payment bills (/payBill): the orders that took money (amount above 0), with the same conditions. */
export const getPayBill = defineCall({
  path: '/api/v1/b/getPayBill',
  auth: 'session',
  perm: PERMISSIONS.PayBill,
  request: pagedRequest(billConditionFields).superRefine(priceRangeInOrder),
  response: billList,
});

/** The home alert: how many abnormal orders wait for the operator, and since when (null: none). */
export const abnormalCount = defineCall({
  path: '/api/v1/b/abnormalCount',
  auth: 'session',
  perm: PERMISSIONS.BuyBill,
  request: emptyBody,
  response: z.object({ count: z.number().int(), oldest: z.number().nullable() }),
});

// ---------------------------------------------------------------------------------------------------------
// Refunds

const refundRequest = z
  .object({
    orderno: zOrderNo,
    /** false (or 0): refund everything that is left; true (or 1): refund refund_fee. */
    part_refund: zFilterSwitch,
    /** Cents; needed with part_refund. Not 0, not above what is left ("refund amount invalid"). */
    refund_fee: z
      .number({ error: 'numberInvalid' })
      .int({ error: 'priceCents' })
      .min(0, { error: 'numberInvalid' })
      .max(INT4_MAX, { error: 'numberInvalid' })
      .nullish()
      .transform((v) => v ?? undefined),
    remarks: zText(TEXT_MAX.note),
    sign: operSign,
    /**
     * One key per refund the person means to make (the dialog makes one when it opens): a retry or a double
     * tap with the same key answers the first refund instead of making another. Without one, identical requests
     * racing each other still make one refund.
     */
    idempotency_key: z
      .string({ error: 'invalidValue' })
      .regex(/^[A-Za-z0-9_.:-]{8,64}$/, { error: 'invalidValue' })
      .max(64)
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .superRefine((v, ctx) => {
    if (v.part_refund && v.refund_fee === undefined) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['refund_fee'] });
    }
  });

export const refundAnswer = z.object({
  orderno: z.string(),
  refund: refundRecord,
  /** The order after the request: status, and its refunded and in-flight sums. */
  order_status: z.number().int(),
  order_status_text: z.string(),
  refunded: z.number().int(),
  refunding: z.number().int(),
  refundable: z.number().int(),
});
export type RefundAnswer = z.infer<typeof refundAnswer>;

/**
 * Refunds through the payment channel that took the money: accepted now (refund.status processing) and
 * confirmed later (the order shows 99 refunding meanwhile); a channel that refuses answers REFUND_FAILED.
 * Orders no channel holds money for (remote, card kinds) are refunded as a record at once.
 */
export const refund = defineCall({
  path: '/api/v1/b/refund',
  auth: 'session',
  perm: PERMISSIONS.BillRefund,
  request: refundRequest,
  response: refundAnswer,
});

/** Records a refund the merchant made outside the system (cash handed back): done at once, no channel. */
export const offlineRefund = defineCall({
  path: '/api/v1/b/offlineRefund',
  auth: 'session',
  perm: PERMISSIONS.BillRefund,
  request: refundRequest,
  response: refundAnswer,
});

// ---------------------------------------------------------------------------------------------------------
// Abnormal orders and cards

/**
 * Vends an abnormal (1, 2, 5) or failed (4) order again, from its shelf or from another one (channel_sn),
 * when nothing was refunded. Answers what the machine handed out; the order follows the machine's report.
 */
export const replaceGoods = defineCall({
  path: '/api/v1/b/replaceGoods',
  auth: 'session',
  perm: PERMISSIONS.BillRefund,
  request: z.object({
    orderno: zOrderNo,
    channel_sn: z
      .number({ error: 'numberInvalid' })
      .int({ error: 'noDecimals' })
      .min(1, { error: 'slotIdZero' })
      .max(SHELF_NUMBER_MAX, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? undefined),
    sign: operSign,
  }),
  response: z.object({
    orderno: z.string(),
    status: z.number().int(),
    status_text: z.string(),
    items: z.array(dispenseOutcome),
  }),
});

/** One card's use on the caller's machines (within their stores): totals and its latest orders. */
export const getOneCard = defineCall({
  path: '/api/v1/c/getOneCard',
  auth: 'session',
  perm: PERMISSIONS.BuyBill,
  request: z.object({ cardno: zRules(required).pipe(z.string().max(64, { error: 'invalidValue' })) }),
  response: z.object({
    cardno: z.string(),
    /** The card kind (card, iccard, ezcard) of its latest use; '' when never used. */
    client: z.string(),
    client_text: z.string(),
    count: z.number().int(),
    amount: z.number().int(),
    refund: z.number().int(),
    first_time: z.number().nullable(),
    last_time: z.number().nullable(),
    /** The latest ten orders. */
    orders: z.array(
      z.object({
        orderno: z.string(),
        sn: z.string(),
        amount: z.number().int(),
        status: z.number().int(),
        status_text: z.string(),
        time: z.number(),
      }),
    ),
  }),
});
