import type { Generated } from 'kysely';

/**
 * The analytics rollups (issue 6, docs/analytics.md, migration 0006): totals of the orders that took money,
 * kept by triggers on orders and order_items that append deltas, folded by RollupFacts.compact(). store_id,
 * area_id and goods_id are 0 for none. Hours and days are local (merchant time zone) bucket starts, epoch ms.
 */
export interface AnalyticsTables {
  sales_hours: SalesHoursTable;
  sales_days: SalesDaysTable;
  sales_device_days: SalesDeviceDaysTable;
  sales_deltas: SalesDeltasTable;
  goods_hours: GoodsHoursTable;
  goods_days: GoodsDaysTable;
  goods_deltas: GoodsDeltasTable;
}

interface OrderSums {
  /** Orders. */
  n: number;
  amount: number;
  refund_fee: number;
  cost_price: number;
}

/** Per merchant, local hour, store, area, payment method and status. */
export interface SalesHoursTable extends OrderSums {
  merchant_id: number;
  day: number;
  hour: number;
  store_id: number;
  area_id: number;
  client: string;
  status: number;
}

/** Per merchant, local day, store, area, payment method and status. */
export interface SalesDaysTable extends OrderSums {
  merchant_id: number;
  day: number;
  store_id: number;
  area_id: number;
  client: string;
  status: number;
}

/** Per merchant, local day, machine, store, area, payment method and status. */
export interface SalesDeviceDaysTable extends OrderSums {
  merchant_id: number;
  day: number;
  sn: string;
  store_id: number;
  area_id: number;
  client: string;
  status: number;
}

/** Changes to the sales rollups, one row per change of an order (−old, +new). */
export interface SalesDeltasTable extends SalesHoursTable {
  id: Generated<number>;
  sn: string;
}

interface GoodsSums {
  /** Units sold: the items' quantity. */
  n: number;
  /** The items' share of their orders' income: price × quantity × (amount − refund) / amount, truncated. */
  income: number;
  /** Unit cost × units delivered. */
  cost_price: number;
}

/** Per merchant, local hour, store, area, goods and order status. */
export interface GoodsHoursTable extends GoodsSums {
  merchant_id: number;
  day: number;
  hour: number;
  store_id: number;
  area_id: number;
  goods_id: number;
  status: number;
}

/** Per merchant, local day, store, area, goods and order status. */
export interface GoodsDaysTable extends GoodsSums {
  merchant_id: number;
  day: number;
  store_id: number;
  area_id: number;
  goods_id: number;
  status: number;
}

/** Changes to both goods rollups, one row per item and change (−old, +new). */
export interface GoodsDeltasTable extends GoodsHoursTable {
  id: Generated<number>;
}
