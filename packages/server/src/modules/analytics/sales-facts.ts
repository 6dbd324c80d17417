/*
 * The facts the analytics calls are computed from (issue 6). Two implementations answer the same questions:
 * `RollupFacts` (rollup-facts.ts) reads the pre-aggregated rollups kept in step with orders by triggers, and
 * `RawFacts` (raw-facts.ts) runs a GROUP BY over the raw orders — the reference the property test and
 * bench/analytics compare the rollups against. Services only ever use the rollups.
 *
 * Only orders that took money (amount > 0) and were paid (sale_day set) count; remote dispenses and free plays
 * are not sales. Every time is epoch ms; buckets are local (merchant time zone) hour and day starts, computed
 * from orders.sale_day (the local midnight of the payment), so any zone offset works.
 */

import type { SortAttr } from '@vendo/contract/api/analytics';
import type { AnalysisSums, GoodsSums, SalesGroup } from '../orders/analysis-sums';
import type { GoodsRanking } from './rankings';

/** Which orders: a merchant, the caller's store scope, optional narrowing, and a range [start, end). */
export interface FactFilter {
  merchantId: number;
  /** Staff store scope; null: every store of the merchant. */
  storeIds: number[] | null;
  areaId?: number | undefined;
  storeId?: number | undefined;
  sn?: string | undefined;
  /** Goods facts only. */
  goodsId?: number | undefined;
  /** Local hour starts (the service aligns ranges to whole hours; ranges of the picker are whole days). */
  start: number;
  end: number;
}

/** How order facts are grouped besides payment method and status. */
export type OrderGrouping = 'none' | 'hour' | 'day' | 'area' | 'store' | 'sn';
/** How goods facts are grouped besides status. */
export type GoodsGrouping = 'goods' | 'hour' | 'day' | 'store' | 'goods_store';

/**
 * Totals of the orders of one group, one payment method and one status: what the analysis (spec §3 bill analysis,
 * §4 analysis treatment of statuses) is summed from — see combineSales in analysis-sums.ts.
 */
export interface OrderFact extends SalesGroup {
  /** The group's value: the bucket start (hour/day), area_id, store_id (0: none), sn; '' for 'none'. */
  key: string;
}

/** Totals of the goods of one group and one order status. */
export interface GoodsFact {
  /** 'goods': goods_id; 'hour'/'day': bucket start; 'store': store_id; 'goods_store': `${goods_id}:${store_id}`. */
  key: string;
  goods_id: number;
  status: number;
  /** Units sold (the items' quantity). */
  n: number;
  /** The items' share of their orders' income (amount − refund), in cents. */
  income: number;
  /** Units that left the machine × unit cost. */
  cost_price: number;
}

/** How summed order figures are grouped (the rankings and lists: by machine, store, area, or none). */
export type SumsGrouping = 'none' | 'area' | 'store' | 'sn';
/** What a ranking ranks (the dashboard's store and device tabs). */
export type RankGrouping = 'store' | 'sn';
/** How summed goods figures are grouped (the goods ranking, and one goods by store). */
export type GoodsSumsGrouping = 'goods' | 'store';

export interface SalesFacts {
  orders(filter: FactFilter, grouping: OrderGrouping): Promise<OrderFact[]>;
  goods(filter: FactFilter, grouping: GoodsGrouping): Promise<GoodsFact[]>;
  /**
   * The analysis of each group (its key as in OrderFact; '' for 'none'): what sumsByKey makes of `orders`, for
   * every group with orders (zeros included).
   */
  sums(filter: FactFilter, grouping: SumsGrouping): Promise<Map<string, AnalysisSums>>;
  /**
   * The goods sums of each group (goods_id, or store_id): what goodsSumsByKey makes of `goods`, for every group
   * with items (zeros included).
   */
  goodsSums(filter: FactFilter, grouping: GoodsSumsGrouping): Promise<Map<string, GoodsSums>>;
  /**
   * The ranking of stores or machines (/a/storeDays, /a/devDays): what rankSums (rankings.ts) makes of `sums` —
   * the first `top` by `by`, descending, ties in key order, stores without machines' store-less sales.
   */
  ranking(
    filter: FactFilter,
    grouping: RankGrouping,
    by: SortAttr,
    top: number,
  ): Promise<Array<[string, AnalysisSums]>>;
  /** The goods ranking (/a/goodSum, /sicGoods): what rankGoods (rankings.ts) makes of `goodsSums` by goods. */
  goodsRanking(
    filter: FactFilter,
    by: SortAttr,
    window: { offset: number; limit: number },
  ): Promise<GoodsRanking>;
}
