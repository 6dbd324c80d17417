import type { Generated, Selectable } from 'kysely';

/** Referrers and the sales their links brought (migration 0020). */
export interface ReferrerTables {
  referrers: ReferrersTable;
  referrer_sales: ReferrerSalesTable;
}

export interface ReferrersTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** '' when none; unique among live referrers of the merchant. */
  referrer_no: string;
  /** Hundredths of a percent. */
  commission: number;
  remarks: string;
  created_at: number;
  updated_at: number;
  /** Set when deleted (softly: the sales stay). */
  deleted_at: number | null;
}
export type ReferrerRow = Selectable<ReferrersTable>;

/** One paid order a referrer brought, booked in the payment's transaction. */
export interface ReferrerSalesTable {
  id: Generated<number>;
  order_id: number;
  order_no: string;
  referrer_id: number;
  merchant_id: number;
  sn: string;
  /** The merchant's local midnight of paid_at. */
  day: number;
  paid_at: number;
  /** Paid, cents. */
  amount: number;
  /** The referrer's rate when paid, hundredths of a percent. */
  rate: number;
  commission_booked: number;
  /** After refunds. */
  commission: number;
  refunded: number;
  updated_at: number;
}
export type ReferrerSaleRow = Selectable<ReferrerSalesTable>;
