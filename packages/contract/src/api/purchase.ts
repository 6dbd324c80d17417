import { z } from 'zod';
import { defineCall } from './call';
import { zOrderNo } from './orders';
import { ID_MAX, SHELF_NUMBER_MAX } from '../constants';
import { DEVICE_TYPES, ORDER_KINDS } from '../enums';
import { zSn } from '../validation';

/*
 * The customer's side (issue 5): the purchase page a machine's QR code opens (/buy/<sn>, served by the server,
 * not the merchant app) and the sandbox payment provider's checkout. Public calls: customers have no session.
 * Money is integer cents.
 */

/** The payment channels customers pay through; the page picks one by the browser (WeChat or Alipay). */
export const PAY_CHANNELS = ['wechat', 'alipay'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** The customer page of a machine: what its QR code opens. */
export const buyPagePath = (sn: string): string => `/buy/${encodeURIComponent(sn)}`;

export const saleShelf = z.object({
  channel_sn: z.number().int(),
  name: z.string(),
  goods_name: z.string(),
  /** Full URL; '' when none. */
  img: z.string(),
  price: z.number().int(),
  /** Price of one play on game machines. */
  game_price: z.number().int(),
  quantity: z.number().int(),
});

/** What the machine sells now: enabled shelves with goods in stock, their prices, and how it sells. */
export const getMachine = defineCall({
  path: '/p/v1/buy/getMachine',
  auth: 'public',
  request: z.object({ sn: zSn }),
  response: z.object({
    sn: z.string(),
    title: z.string(),
    type: z.enum(DEVICE_TYPES),
    online: z.boolean(),
    modes: z.object({ goods: z.boolean(), game: z.boolean() }),
    shelves: z.array(saleShelf),
    /** The payment provider is a sandbox: the page says so, no real money moves. */
    sandbox: z.boolean(),
    /**
     * The machine's merchant has members (its Member app is usable, issue 18): a signed-in customer's purchase
     * earns member points, so the page may offer the sign-in even without coupons.
     */
    members: z.boolean().optional(),
  }),
});

/**
 * Creates the order and its payment. pay_channel left out: chosen by the browser (WeChat's or Alipay's), else
 * PAY_CHANNEL_REQUIRED and the page offers both. client_token (one per tap, made by the page) makes a repeated
 * request answer the same order. The answer's token lets the page follow the order.
 */
export const createOrder = defineCall({
  path: '/p/v1/buy/createOrder',
  auth: 'public',
  request: z.object({
    sn: zSn,
    channel_sn: z
      .number({ error: 'numberInvalid' })
      .int({ error: 'noDecimals' })
      .min(1, { error: 'slotIdZero' })
      .max(SHELF_NUMBER_MAX, { error: 'invalidValue' }),
    kind: z.enum(ORDER_KINDS, { error: 'invalidValue' }).default('goods'),
    pay_channel: z
      .enum(PAY_CHANNELS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? undefined),
    client_token: z
      .string({ error: 'invalidValue' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'invalidValue' })
      .max(64)
      .nullish()
      .transform((v) => v ?? undefined),
    /** The signed customer identity (getCustomer): needed with a coupon. */
    customer: z
      .string({ error: 'invalidValue' })
      .max(300)
      .nullish()
      .transform((v) => v || undefined),
    /** A coupon the customer received (getMyCoupons), applied to the price (docs/marketing.md). */
    coupon_receipt_id: z
      .number({ error: 'numberInvalid' })
      .int({ error: 'noDecimals' })
      .positive({ error: 'invalidValue' })
      .max(ID_MAX, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? undefined),
    /** `?ref=` of the purchase page: the referrer the sale is attributed to (modules/referrers decides). */
    referrer_id: z
      .number({ error: 'numberInvalid' })
      .int({ error: 'noDecimals' })
      .positive({ error: 'invalidValue' })
      .max(ID_MAX, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? undefined),
  }),
  response: z.object({
    order_no: z.string(),
    token: z.string(),
    amount: z.number().int(),
    /** The price before offers, and what they took off (amount = original_amount - discount). */
    original_amount: z.number().int(),
    discount: z.number().int(),
    pay_channel: z.enum(PAY_CHANNELS),
    /** Where the browser goes to pay (the channel's cashier; the sandbox's checkout page). */
    pay_url: z.string(),
    sandbox: z.boolean(),
  }),
});

/**
 * unpaid → paid → vending → delivered | failed (then refunding → refunded when the store refunds
 * automatically), or won | lost for games; closed when never paid.
 */
export const CUSTOMER_STAGES = [
  'unpaid',
  'closed',
  'paid',
  'vending',
  'delivered',
  'failed',
  'won',
  'lost',
  'abnormal',
  'refunding',
  'refunded',
] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number];

/** The order as its customer follows it. While unpaid, asking also asks the payment channel. */
export const getOrder = defineCall({
  path: '/p/v1/buy/getOrder',
  auth: 'public',
  request: z.object({ order_no: zOrderNo, token: z.string().max(100) }),
  response: z.object({
    order_no: z.string(),
    sn: z.string(),
    kind: z.enum(ORDER_KINDS),
    amount: z.number().int(),
    pay_channel: z.string(),
    stage: z.enum(CUSTOMER_STAGES),
    status: z.number().int(),
    status_text: z.string(),
    goods: z.array(
      z.object({
        name: z.string(),
        quantity: z.number().int(),
        delivered: z.number().int(),
        err_text: z.string(),
      }),
    ),
    /** Refunded, and still being refunded. */
    refund: z.number().int(),
    refunding: z.number().int(),
    game_result: z.enum(['win', 'lose', '']),
    paid_at: z.number().nullable(),
    sandbox: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// The sandbox payment provider's checkout (only while payments run against the sandbox; else 404)

export const sandboxCheckout = z.object({
  tx: z.string(),
  channel: z.enum(PAY_CHANNELS),
  amount: z.number().int(),
  description: z.string(),
  state: z.enum(['pending', 'paid', 'closed']),
  /** Where the browser returns after paying or cancelling. */
  return_url: z.string(),
});

/** A sandbox transaction id. */
const zTx = z
  .string()
  .regex(/^[A-Za-z0-9]{8,64}$/, { error: 'invalidValue' })
  .max(64);

export const getSandboxCheckout = defineCall({
  path: '/p/v1/sandboxPay/getCheckout',
  auth: 'public',
  request: z.object({ tx: zTx }),
  response: sandboxCheckout,
});

/** The customer pays (or cancels) in the sandbox; the provider then notifies the server, as a real one would. */
export const sandboxPay = defineCall({
  path: '/p/v1/sandboxPay/pay',
  auth: 'public',
  request: z.object({
    tx: zTx,
    action: z.enum(['pay', 'cancel'], { error: 'invalidValue' }),
  }),
  response: sandboxCheckout,
});
