import type { BillAnalysis } from '@vendo/contract/api/orders';
import type { SalesAnalysis } from '@vendo/contract/api/analytics';
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
/** Goods left the machine, so their cost counts: 10 and 11 are "refunded but counted with cost". */
export const WITH_COST_STATUSES: readonly number[] = [3, 6, 7, 10, 11];

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
