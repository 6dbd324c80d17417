import type { BillAnalysis } from '@vendo/contract/api/orders';
import type {
  DayFigures,
  RankFigures,
  SalesAnalysis,
  SalesRecord,
  SortAttr,
} from '@vendo/contract/api/analytics';
import { ORDER_STATUSES_WITH_COST } from '@vendo/contract/enums';
import { rate } from '@vendo/contract/money';

/*
 * The one definition of the sales figures (spec §3 bill analysis, §4 analysis treatment of statuses), summed from
 * totals per payment method and status. The bill lists and every analytics call use it, so a bill's analysis
 * block and the dashboard can never disagree about what an income or a refund is.
 */

/** Totals of the orders of one payment method and one status. */
export interface SalesGroup {
  client: string;
  status: number;
  n: number;
  amount: number;
  refund_fee: number;
  cost_price: number;
}

/** Successful sales: goods delivered, game played (won or lost). */
export const SUCCESS_STATUSES: readonly number[] = [3, 6, 7];
/** Refunds: 8 and 9 in full, 10 and 11 partly. */
export const REFUND_STATUSES: readonly number[] = [8, 9, 10, 11];
export const ABNORMAL_STATUSES: readonly number[] = [1, 2, 5];
/** Goods left the machine, so their cost counts: 10 and 11 are "refunded but counted with cost" (the contract's rule). */
export const WITH_COST_STATUSES: readonly number[] = ORDER_STATUSES_WITH_COST;

export interface AnalysisSums {
  count: number;
  /** Amounts taken minus refunds. */
  income: number;
  refund: number;
  wxIncome: number;
  alipayIncome: number;
  wxRefund: number;
  alipayRefund: number;
  successCount: number;
  refundCount: number;
  wxCount: number;
  alipayCount: number;
  abnormalCount: number;
  costPrice: number;
}

export function emptySums(): AnalysisSums {
  return {
    count: 0,
    income: 0,
    refund: 0,
    wxIncome: 0,
    alipayIncome: 0,
    wxRefund: 0,
    alipayRefund: 0,
    successCount: 0,
    refundCount: 0,
    wxCount: 0,
    alipayCount: 0,
    abnormalCount: 0,
    costPrice: 0,
  };
}

/** Adds groups into sums (a new one when none is given). */
export function combineSales(groups: Iterable<SalesGroup>, into: AnalysisSums = emptySums()): AnalysisSums {
  const out = into;
  for (const g of groups) {
    const income = g.amount - g.refund_fee;
    out.count += g.n;
    out.income += income;
    out.refund += g.refund_fee;
    if (g.client === 'wechat') {
      out.wxIncome += income;
      out.wxRefund += g.refund_fee;
      out.wxCount += g.n;
    }
    if (g.client === 'alipay') {
      out.alipayIncome += income;
      out.alipayRefund += g.refund_fee;
      out.alipayCount += g.n;
    }
    if (SUCCESS_STATUSES.includes(g.status)) out.successCount += g.n;
    if (REFUND_STATUSES.includes(g.status)) out.refundCount += g.n;
    if (ABNORMAL_STATUSES.includes(g.status)) out.abnormalCount += g.n;
    if (WITH_COST_STATUSES.includes(g.status)) out.costPrice += g.cost_price;
  }
  return out;
}

/** The bill lists' analysis block; cost and profit only for callers with the profit view. */
export function billAnalysisOf(s: AnalysisSums, seesProfit: boolean): BillAnalysis {
  return {
    count: s.count,
    income: s.income,
    refund: s.refund,
    wxIncome: s.wxIncome,
    alipayIncome: s.alipayIncome,
    otherIncome: s.income - s.wxIncome - s.alipayIncome,
    successCount: s.successCount,
    successRate: rate(s.successCount, s.count),
    refundCount: s.refundCount,
    refundRate: rate(s.refundCount, s.count),
    wxCount: s.wxCount,
    wxRate: rate(s.wxCount, s.count),
    alipayCount: s.alipayCount,
    alipayRate: rate(s.alipayCount, s.count),
    otherCount: s.count - s.wxCount - s.alipayCount,
    abnormalCount: s.abnormalCount,
    costPrice: seesProfit ? s.costPrice : null,
    profit: seesProfit ? s.income - s.costPrice : null,
  };
}

/** Average order value: income per successful sale, whole cents (0 without sales). */
export function averagePrice(income: number, successCount: number): number {
  return successCount > 0 ? Math.round(income / successCount) : 0;
}

/** The analytics analysis: the bill analysis plus the average order value. */
export function salesAnalysisOf(s: AnalysisSums, seesProfit: boolean): SalesAnalysis {
  return { ...billAnalysisOf(s, seesProfit), price: averagePrice(s.income, s.successCount) };
}

/** Home's and the dashboard's figures of one day (spec §3 dashboard overview). */
export function dayFiguresOf(s: AnalysisSums, seesProfit: boolean): DayFigures {
  return {
    income: s.income,
    costPrice: seesProfit ? s.costPrice : null,
    profit: seesProfit ? s.income - s.costPrice : null,
    successCount: s.successCount,
    refundCount: s.refundCount,
    price: averagePrice(s.income, s.successCount),
    refund: s.refund,
    abnormalCount: s.abnormalCount,
  };
}

/** One point of a chart (spec §3 records): its bucket and the figures of its orders. */
export function salesRecordOf(
  b: Pick<SalesRecord, 'key' | 'label' | 'hour' | 'weekDay' | 'day' | 'month'>,
  s: AnalysisSums,
  seesProfit: boolean,
): SalesRecord {
  return {
    key: b.key,
    label: b.label,
    hour: b.hour,
    weekDay: b.weekDay,
    day: b.day,
    month: b.month,
    count: s.count,
    income: s.income,
    refund: s.refund,
    successCount: s.successCount,
    refundCount: s.refundCount,
    wechatIncome: s.wxIncome,
    alipayIncome: s.alipayIncome,
    otherIncome: s.income - s.wxIncome - s.alipayIncome,
    wechatRefund: s.wxRefund,
    alipayRefund: s.alipayRefund,
    otherRefund: s.refund - s.wxRefund - s.alipayRefund,
    wechatCount: s.wxCount,
    alipayCount: s.alipayCount,
    otherCount: s.count - s.wxCount - s.alipayCount,
    costPrice: seesProfit ? s.costPrice : null,
    profit: seesProfit ? s.income - s.costPrice : null,
  };
}

/** Facts summed per key (an area, a store, a machine…). */
export function sumsByKey(facts: Iterable<SalesGroup & { key: string }>): Map<string, AnalysisSums> {
  const out = new Map<string, AnalysisSums>();
  for (const f of facts) {
    let sums = out.get(f.key);
    if (!sums) out.set(f.key, (sums = emptySums()));
    combineSales([f], sums);
  }
  return out;
}

/** A ranking row's figures. */
export function rankFiguresOf(s: AnalysisSums, seesProfit: boolean): RankFigures {
  return {
    count: s.count,
    income: s.income,
    refund: s.refund,
    successCount: s.successCount,
    refundCount: s.refundCount,
    costPrice: seesProfit ? s.costPrice : null,
    profit: seesProfit ? s.income - s.costPrice : null,
  };
}

/** What a ranking sorts by, descending: income, or successful sales (volume). */
export function rankValue(s: AnalysisSums, by: SortAttr): number {
  return by === 'income' ? s.income : s.successCount;
}

/** Totals of goods items of one status. */
export interface GoodsGroup {
  status: number;
  n: number;
  income: number;
  cost_price: number;
}

export interface GoodsSums {
  /** Units that left the machine (the statuses whose cost counts: sold, or refunded in part). */
  count: number;
  /** The items' share of their orders' income, whatever the status, as in the sales income. */
  income: number;
  costPrice: number;
}

export function combineGoods(
  groups: Iterable<GoodsGroup>,
  into: GoodsSums = { count: 0, income: 0, costPrice: 0 },
) {
  for (const g of groups) {
    into.income += g.income;
    if (WITH_COST_STATUSES.includes(g.status)) {
      into.count += g.n;
      into.costPrice += g.cost_price;
    }
  }
  return into;
}

export function goodsSumsByKey<F extends GoodsGroup>(
  facts: Iterable<F>,
  keyOf: (f: F) => string,
): Map<string, GoodsSums> {
  const out = new Map<string, GoodsSums>();
  for (const f of facts) {
    const key = keyOf(f);
    out.set(key, combineGoods([f], out.get(key)));
  }
  return out;
}
