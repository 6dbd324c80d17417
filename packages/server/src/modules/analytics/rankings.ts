import type { SortAttr } from '@vendo/contract/api/analytics';
import { rankValue, type AnalysisSums, type GoodsSums } from '../orders/analysis-sums';
import type { RankGrouping } from './sales-facts';

/*
 * What a ranking is, in plain code: the reference RawFacts answers by, and what RollupFacts falls back on when a
 * range has part days its statement does not read. RollupFacts computes the same in SQL (the sort, the tie-break
 * and the limit in the statement); the property test (rollups.property.test.ts) proves the two equal.
 */

/**
 * The first `top` groups of an analysis by `by` (income, or successful sales), descending; ties in key order as
 * strings (a store's key is its id as text: '10' before '9'), so a ranking is stable. Stores: the sales of
 * machines standing in no store (key '0') have no store to rank.
 */
export function rankSums(
  sums: Map<string, AnalysisSums>,
  grouping: RankGrouping,
  by: SortAttr,
  top: number,
): Array<[string, AnalysisSums]> {
  return [...sums.entries()]
    .filter(([key]) => grouping !== 'store' || key !== '0')
    .sort(([ka, a], [kb, b]) => rankValue(b, by) - rankValue(a, by) || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, top);
}

/** A page of the goods ranking, how many goods the range has, and the totals of all of them. */
export interface GoodsRanking {
  page: Array<[number, GoodsSums]>;
  count: number;
  total: { count: number; income: number };
}

/** What a goods ranking sorts by, descending: income, or units that left the machine (volume). */
export function goodsRankValue(s: GoodsSums, by: SortAttr): number {
  return by === 'income' ? s.income : s.count;
}

/**
 * The goods ranking (/a/goodSum, /sicGoods): goods by `by`, descending, ties by goods id, the window
 * [offset, offset + limit); items of no goods (key 0 or less) are left out of the page, the count and the totals.
 */
export function rankGoods(
  sums: Map<string, GoodsSums>,
  by: SortAttr,
  window: { offset: number; limit: number },
): GoodsRanking {
  const goods = [...sums.entries()]
    .map(([id, s]): [number, GoodsSums] => [Number(id), s])
    .filter(([id]) => id > 0);
  const total = { count: 0, income: 0 };
  for (const [, s] of goods) {
    total.count += s.count;
    total.income += s.income;
  }
  goods.sort(([a, x], [b, y]) => goodsRankValue(y, by) - goodsRankValue(x, by) || a - b);
  return {
    page: goods.slice(window.offset, window.offset + window.limit),
    count: goods.length,
    total,
  };
}
