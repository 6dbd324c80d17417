import type { Generated, Selectable } from 'kysely';

/** Coupons, the stores or goods they are scoped to, and the coupons customers received (migration 0018). */
export interface CouponTables {
  coupons: CouponsTable;
  coupon_targets: CouponTargetsTable;
  coupon_receipts: CouponReceiptsTable;
}

export interface CouponsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** rate | reduce (api/coupons.ts) */
  type: string;
  /** Hundredths of a percent the customer pays (rate coupons). */
  rate: number;
  /** The price must reach this (cents). */
  condition: number;
  /** Cents off (reduce coupons). */
  reduce: number;
  /** all | stores | goods */
  scope: string;
  quantity: number;
  /** Receipts given so far (never above quantity: the receiving update is guarded). */
  received: number;
  /** Receipts used by paid orders (less the ones a full refund gave back). */
  used: number;
  receive_limit: number;
  points: number;
  /** Merchant-local 'YYYY-MM-DD', both ends included. */
  receive_start: string;
  receive_end: string;
  use_start: string;
  use_end: string;
  /** '1,2,…,7' (1 Monday). */
  weekdays: string;
  referrer_id: number;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface CouponTargetsTable {
  coupon_id: number;
  /** store | goods */
  kind: string;
  target_id: number;
}

export interface CouponReceiptsTable {
  id: Generated<number>;
  coupon_id: number;
  merchant_id: number;
  /** `<channel>:<openid>` */
  customer: string;
  /** unused | held (by the unpaid order order_no) | used (by the paid order order_no) */
  status: string;
  points: number;
  /** The machine whose purchase page it was received on. */
  received_sn: string;
  order_no: string | null;
  sn: string | null;
  /** What the coupon took off its order (cents). */
  discount: number;
  received_at: number;
  used_at: number | null;
  updated_at: number;
}

export type CouponRow = Selectable<CouponsTable>;
export type CouponReceiptRow = Selectable<CouponReceiptsTable>;
