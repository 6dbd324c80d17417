import type { Generated, Selectable } from 'kysely';

/** Gift voucher batches, their machines and goods, and their codes (migration 0019). */
export interface GiftTables {
  gifts: GiftsTable;
  gift_devices: GiftDevicesTable;
  gift_goods: GiftGoodsTable;
  gift_codes: GiftCodesTable;
}

/** A batch (the spec's gift_id). */
export interface GiftsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  salesman: string;
  /** Merchant-local days 'YYYY-MM-DD', both included. */
  start_date: string;
  end_date: string;
  /** '1,3,5': 1 Monday .. 7 Sunday. */
  weekdays: string;
  points: number;
  note: string;
  quantity: number;
  /** active | revoked | deleted */
  state: string;
  /** When its codes were first exported (XLSX or the print sheet). */
  downloaded_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export type GiftRow = Selectable<GiftsTable>;

export interface GiftDevicesTable {
  gift_id: number;
  sn: string;
}

export interface GiftGoodsTable {
  gift_id: number;
  goods_id: number;
  position: number;
  /** The goods' name when the batch was made. */
  goods_name: string;
}

/** One code; status unused | downloaded | used | revoked | deleted (invalid is computed). */
export interface GiftCodesTable {
  id: Generated<number>;
  gift_id: number;
  merchant_id: number;
  code: string;
  status: string;
  /** The order a used code made (a failed one lets the code be redeemed again). */
  order_id: number | null;
  order_no: string | null;
  used_sn: string | null;
  /** The goods' name of the gift it was redeemed for. */
  used_goods: string | null;
  used_at: number | null;
  updated_at: number;
}
export type GiftCodeRow = Selectable<GiftCodesTable>;
