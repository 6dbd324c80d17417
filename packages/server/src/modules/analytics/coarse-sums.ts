import { sql, type RawBuilder } from 'kysely';
import {
  ABNORMAL_STATUSES,
  REFUND_STATUSES,
  SUCCESS_STATUSES,
  WITH_COST_STATUSES,
  type AnalysisSums,
  type GoodsGroup,
  type GoodsSums,
  type SalesGroup,
} from '../orders/analysis-sums';

/*
 * The coarse rollups (migration 0010, docs/analytics.md, decision 026): per machine and per goods, by day and by
 * month, WITHOUT payment method and status in their key. They carry the figures the rankings and lists show,
 * already summed by the rules of analysis-sums.ts (spec §4), so a machine's day is one row whatever its orders'
 * payments and statuses. They are fed by the same deltas as the rollups of migration 0006 (no new trigger: a
 * sale still appends exactly what it did): a delta's contribution is derived here, when it is folded and when a
 * read adds the deltas not yet folded; migration 0010 spells the same rules in SQL for its backfill (the
 * migration test proves them equal). Months: monthOf in analytics-tables.ts.
 */

/** The sums of the machine rollups, column → the AnalysisSums figure it is. */
export const DEVICE_SUMS = {
  n: 'count',
  income: 'income',
  refund: 'refund',
  wx_income: 'wxIncome',
  alipay_income: 'alipayIncome',
  wx_refund: 'wxRefund',
  alipay_refund: 'alipayRefund',
  success_n: 'successCount',
  refund_n: 'refundCount',
  wx_n: 'wxCount',
  alipay_n: 'alipayCount',
  abnormal_n: 'abnormalCount',
  cost_price: 'costPrice',
} as const satisfies Record<string, keyof AnalysisSums>;
export type DeviceSumColumn = keyof typeof DEVICE_SUMS;
export const DEVICE_SUM_COLUMNS = Object.keys(DEVICE_SUMS) as DeviceSumColumn[];

/**
 * The sums of the goods rollups: `units` (every item's quantity, whatever the status: a goods whose items were
 * all refunded in full still shows, with zeros, as it does from the per-status rollups), then the GoodsSums.
 */
export const GOODS_SUMS = {
  units: null,
  n: 'count',
  income: 'income',
  cost_price: 'costPrice',
} as const satisfies Record<string, keyof GoodsSums | null>;
export type GoodsSumColumn = keyof typeof GOODS_SUMS;
export const GOODS_SUM_COLUMNS = Object.keys(GOODS_SUMS) as GoodsSumColumn[];

const when = (statuses: readonly number[], status: number, value: number) =>
  statuses.includes(status) ? value : 0;

/** A sales delta's (or an order's) contribution to the machine rollups (the rules of combineSales). */
export function deviceSumsOf(d: SalesGroup): Record<DeviceSumColumn, number> {
  const income = d.amount - d.refund_fee;
  const wx = d.client === 'wechat';
  const alipay = d.client === 'alipay';
  return {
    n: d.n,
    income,
    refund: d.refund_fee,
    wx_income: wx ? income : 0,
    alipay_income: alipay ? income : 0,
    wx_refund: wx ? d.refund_fee : 0,
    alipay_refund: alipay ? d.refund_fee : 0,
    success_n: when(SUCCESS_STATUSES, d.status, d.n),
    refund_n: when(REFUND_STATUSES, d.status, d.n),
    wx_n: wx ? d.n : 0,
    alipay_n: alipay ? d.n : 0,
    abnormal_n: when(ABNORMAL_STATUSES, d.status, d.n),
    cost_price: when(WITH_COST_STATUSES, d.status, d.cost_price),
  };
}

/** A goods delta's contribution to the goods rollups (the rules of combineGoods). */
export function goodsSumsOf(d: GoodsGroup): Record<GoodsSumColumn, number> {
  return {
    units: d.n,
    n: when(WITH_COST_STATUSES, d.status, d.n),
    income: d.income,
    cost_price: when(WITH_COST_STATUSES, d.status, d.cost_price),
  };
}

/*
 * The same rules in SQL over a delta row `t` (sales_deltas: client, status, n, amount, refund_fee, cost_price;
 * goods_deltas: status, n, income, cost_price), so a read can sum the deltas with the rollups per key in the
 * statement and rank there (the top N in SQL). The property test proves them equal to deviceSumsOf/goodsSumsOf.
 */
const inList = (statuses: readonly number[]) => sql.raw(statuses.map(Number).join(', '));
const whenSql = (test: RawBuilder<unknown>, value: RawBuilder<unknown>) =>
  sql`(case when ${test} then ${value} else 0 end)`;
const statusIn = (statuses: readonly number[]) => sql`t.status in (${inList(statuses)})`;
const WX = sql`t.client = 'wechat'`;
const ALIPAY = sql`t.client = 'alipay'`;
const INCOME = sql`(t.amount - t.refund_fee)`;

/** A sales delta's contribution to the machine rollups, in SQL (deviceSumsOf). */
export const DEVICE_DELTA_SQL: Record<DeviceSumColumn, RawBuilder<unknown>> = {
  n: sql`t.n`,
  income: INCOME,
  refund: sql`t.refund_fee`,
  wx_income: whenSql(WX, INCOME),
  alipay_income: whenSql(ALIPAY, INCOME),
  wx_refund: whenSql(WX, sql`t.refund_fee`),
  alipay_refund: whenSql(ALIPAY, sql`t.refund_fee`),
  success_n: whenSql(statusIn(SUCCESS_STATUSES), sql`t.n`),
  refund_n: whenSql(statusIn(REFUND_STATUSES), sql`t.n`),
  wx_n: whenSql(WX, sql`t.n`),
  alipay_n: whenSql(ALIPAY, sql`t.n`),
  abnormal_n: whenSql(statusIn(ABNORMAL_STATUSES), sql`t.n`),
  cost_price: whenSql(statusIn(WITH_COST_STATUSES), sql`t.cost_price`),
};

/** A goods delta's contribution to the goods rollups, in SQL (goodsSumsOf). */
export const GOODS_DELTA_SQL: Record<GoodsSumColumn, RawBuilder<unknown>> = {
  units: sql`t.n`,
  n: whenSql(statusIn(WITH_COST_STATUSES), sql`t.n`),
  income: sql`t.income`,
  cost_price: whenSql(statusIn(WITH_COST_STATUSES), sql`t.cost_price`),
};

/** Rollup sums (PostgreSQL answers sums as strings) as AnalysisSums. */
export function analysisSumsOf(row: Record<DeviceSumColumn, number | string | null>): AnalysisSums {
  const out = {} as AnalysisSums;
  for (const column of DEVICE_SUM_COLUMNS) out[DEVICE_SUMS[column]] = Number(row[column] ?? 0);
  return out;
}

/** Rollup sums as GoodsSums. */
export function goodsSumsFrom(row: Record<GoodsSumColumn, number | string | null>): GoodsSums {
  return {
    count: Number(row.n ?? 0),
    income: Number(row.income ?? 0),
    costPrice: Number(row.cost_price ?? 0),
  };
}
