import type { Generated } from 'kysely';

/** Stock entries and the stock log. */
export interface StockTables {
  stocks: StocksTable;
  stock_records: StockRecordsTable;
}

/** A stock entry: goods at the total level (store_id null) or at one store. */
export interface StocksTable {
  id: Generated<number>;
  merchant_id: number;
  goods_id: number;
  store_id: number | null;
  quantity: number;
  created_at: number;
  updated_at: number;
}

/** The stock log: every change of a stock entry or of a shelf, with who, why and what was left. */
export interface StockRecordsTable {
  id: Generated<number>;
  merchant_id: number;
  goods_id: number;
  /** 0 total, 1 store, 2 device, 3 order write-off */
  stock_type: number;
  /** 0 add, 1 reduce, 2 create goods stock, 3 delete goods stock */
  oper_type: number;
  /** Always positive; oper_type gives the direction. */
  quantity: number;
  balance: number;
  area_id: number | null;
  store_id: number | null;
  sn: string;
  channel_id: number | null;
  channel_sn: string;
  /** null for sales. */
  oper_user_id: number | null;
  order_no: string;
  remarks: string;
  created_at: number;
}
