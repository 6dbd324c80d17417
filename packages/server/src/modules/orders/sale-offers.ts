import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { OrderRow, RefundRow } from './order-tables';

type Db = Kysely<Database>;

/** The sale a customer asks for on /buy/<sn>, as createOrder knows it before the order row is written. */
export interface OfferSale {
  /** The order number the order will have (a coupon held for it names it). */
  order_no: string;
  merchant_id: number;
  sn: string;
  store_id: number | null;
  area_id: number | null;
  /** The goods on the chosen shelf (null never sells, but the type says so). */
  goods_id: number | null;
  kind: 'goods' | 'game';
  /** The shelf's price, before any offer (cents). */
  price: number;
  /** What the customer pays after the offers told before this one (= price for the first). */
  amount: number;
  now: number;
}

/** What the customer sent with createOrder that offers read; `customer` is verified (a signed customer token). */
export interface OfferRequest {
  /** `<channel>:<openid>` (wechat | alipay) when the page sent a valid customer token, else null. */
  customer: string | null;
  coupon_receipt_id?: number | undefined;
  referrer_id?: number | undefined;
}

/** What an offer does to the order: a lower amount (never higher), and the fields it names. */
export interface OfferEffect {
  amount?: number;
  coupon_receipt_id?: number;
  referrer_id?: number;
  /** The member the order is sold to (modules/members). */
  member_id?: number;
}

/** A marketing offer on a customer's order, told inside the order's own transactions (like MoneyMovements). */
export interface SaleOffer {
  /**
   * createOrder, before the order row is written, in its transaction: may lower the amount (a coupon) or name
   * fields (a referrer). Throwing an AppError refuses the order (nothing is written).
   */
  apply?(trx: Db, sale: OfferSale, request: OfferRequest): Promise<OfferEffect>;
  /** The payment was confirmed (coupon used, referrer sale booked); also a late payment that is refunded. */
  paid?(trx: Db, order: OrderRow): Promise<void>;
  /** The unpaid order was closed, once (a held coupon goes back). */
  closed?(trx: Db, order: OrderRow): Promise<void>;
  /** A refund of the order succeeded (`order` already counts it in refund_fee). */
  refunded?(trx: Db, refund: RefundRow, order: OrderRow): Promise<void>;
}

/** The order fields the offers decided: written with the order. */
export interface AppliedOffers {
  original_amount: number;
  amount: number;
  discount: number;
  coupon_receipt_id: number | null;
  referrer_id: number | null;
  member_id: number | null;
}

/**
 * The offers plugged into the orders module (coupons, referrers: OrdersModule.useSaleOffer), each told in turn
 * in the order they were plugged in. Without any, an order is its price.
 */
export class SaleOffers {
  private readonly offers: SaleOffer[] = [];

  use(offer: SaleOffer): void {
    this.offers.push(offer);
  }

  /** Every offer's effect on the sale: the amount only goes down, and never below 0. */
  async apply(trx: Db, sale: Omit<OfferSale, 'amount'>, request: OfferRequest): Promise<AppliedOffers> {
    let amount = sale.price;
    let couponReceiptId: number | null = null;
    let referrerId: number | null = null;
    let memberId: number | null = null;
    for (const offer of this.offers) {
      if (!offer.apply) continue;
      const effect = await offer.apply(trx, { ...sale, amount }, request);
      if (effect.amount !== undefined) amount = Math.max(0, Math.min(amount, Math.round(effect.amount)));
      if (effect.coupon_receipt_id !== undefined) couponReceiptId = effect.coupon_receipt_id;
      if (effect.referrer_id !== undefined) referrerId = effect.referrer_id;
      if (effect.member_id !== undefined) memberId = effect.member_id;
    }
    return {
      original_amount: sale.price,
      amount,
      discount: sale.price - amount,
      coupon_receipt_id: couponReceiptId,
      referrer_id: referrerId,
      member_id: memberId,
    };
  }

  async paid(trx: Db, order: OrderRow): Promise<void> {
    for (const offer of this.offers) await offer.paid?.(trx, order);
  }

  async closed(trx: Db, order: OrderRow): Promise<void> {
    for (const offer of this.offers) await offer.closed?.(trx, order);
  }

  async refunded(trx: Db, refund: RefundRow, order: OrderRow): Promise<void> {
    for (const offer of this.offers) await offer.refunded?.(trx, refund, order);
  }
}
