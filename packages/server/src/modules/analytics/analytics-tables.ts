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
  device_sum_days: DeviceSumDaysTable;
  device_sum_months: DeviceSumMonthsTable;
  goods_sum_days: GoodsSumDaysTable;
  goods_sum_months: GoodsSumMonthsTable;
  device_sum_runs: DeviceSumRunsTable;
  store_sum_runs: StoreSumRunsTable;
  goods_sum_runs: GoodsSumRunsTable;
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

/*
 * The coarse rollups (issue 13, migration 0010, coarse-sums.ts): per machine and per goods, by day and by UTC month
 * (the month holding the day's start instant), without payment method and status; their sums are the figures of
 * the analysis already summed by the rules of spec §4.
 */

/** A machine's figures: AnalysisSums, one column each (coarse-sums.ts DEVICE_SUMS). */
interface DeviceSums {
  n: number;
  income: number;
  refund: number;
  wx_income: number;
  alipay_income: number;
  wx_refund: number;
  alipay_refund: number;
  success_n: number;
  refund_n: number;
  wx_n: number;
  alipay_n: number;
  abnormal_n: number;
  /** Cost of the orders whose goods left the machine (3, 6, 7, 10, 11). */
  cost_price: number;
}

interface DevicePlace {
  merchant_id: number;
  sn: string;
  store_id: number;
  area_id: number;
}

/** Per merchant, local day, machine, store and area. */
export interface DeviceSumDaysTable extends DevicePlace, DeviceSums {
  day: number;
}

/** Per merchant, UTC month of the day, machine, store and area. */
export interface DeviceSumMonthsTable extends DevicePlace, DeviceSums {
  month: number;
}

/** A goods' figures: every unit, then GoodsSums (units and cost of what left the machine, income). */
interface GoodsSumSums {
  units: number;
  n: number;
  income: number;
  cost_price: number;
}

interface GoodsPlace {
  merchant_id: number;
  goods_id: number;
  store_id: number;
  area_id: number;
}

/** Per merchant, local day, goods, store and area. */
export interface GoodsSumDaysTable extends GoodsPlace, GoodsSumSums {
  day: number;
}

/** Per merchant, UTC month of the day, goods, store and area. */
export interface GoodsSumMonthsTable extends GoodsPlace, GoodsSumSums {
  month: number;
}

/*
 * The running totals (issue 13, migration 0016, sum-runs.ts, decision 034): per merchant and local day with sales,
 * a row for every key the merchant ever sold under up to that day, holding the sums of every day up to and
 * including it. Whole days [a, b) are the rows of the last such day before b minus those of the last before a.
 */

/** Per merchant, local day, machine, store and area: the machine's figures of every day up to `day`. */
export interface DeviceSumRunsTable extends DevicePlace, DeviceSums {
  day: number;
}

/** Per merchant, local day, store and area: the figures of every day up to `day`. */
export interface StoreSumRunsTable extends DeviceSums {
  merchant_id: number;
  day: number;
  store_id: number;
  area_id: number;
}

/** Per merchant, local day, goods, store and area: the goods' figures of every day up to `day`. */
export interface GoodsSumRunsTable extends GoodsPlace, GoodsSumSums {
  day: number;
}

/**
 * The month of a coarse rollup row: the UTC calendar month holding its day's start instant, a function of the
 * stored day alone, so a range splits at instants (days before, months between, days after) exactly in every
 * zone, half-hour ones included, and across a change of the merchant's zone. Answers the month's first instant.
 */
export function monthOf(day: number): number {
  const d = new Date(day);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first instant of the UTC month after the one holding `at`. */
export function nextMonth(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
