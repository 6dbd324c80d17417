import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { SortAttr } from '@vendo/contract/api/analytics';
import { goodsSumsByKey, sumsByKey, type AnalysisSums, type GoodsSums } from '../orders/analysis-sums';
import { rankGoods, rankSums, type GoodsRanking } from './rankings';
import type {
  FactFilter,
  GoodsFact,
  GoodsGrouping,
  GoodsSumsGrouping,
  OrderFact,
  OrderGrouping,
  RankGrouping,
  SalesFacts,
  SumsGrouping,
} from './sales-facts';

/**
 * The facts by a GROUP BY over the orders (and their items) themselves: the reference the rollups are proven
 * against (analytics.property.test.ts) and measured beside (bench/analytics), and what RollupFacts asks for the
 * few questions no rollup carries (a machine's hours, a machine's goods, part days of machines).
 *
 * Written independently of the triggers (migration 0006) on purpose, with the same definitions: counted are
 * orders with sale_day and paid_at set and amount > 0; an order's hour is sale_day + whole hours since it; an
 * item's income is price × quantity × (amount − refund) / amount, truncated per item.
 */
export class RawFacts implements SalesFacts {
  constructor(private readonly db: Kysely<Database>) {}

  async orders(filter: FactFilter, grouping: OrderGrouping): Promise<OrderFact[]> {
    const key = ORDER_KEY[grouping];
    const rows = await sql<SumRow & { k: string | number; client: string }>`
      select ${key ?? sql`0`} as k, o.client as client, o.status as status, count(*) as n,
        sum(o.amount) as amount, sum(o.refund_fee) as refund_fee, sum(o.cost_price) as cost_price
      from orders o
      where ${paidWithin(filter)} and ${factConditions(filter, 'o', { sn: true })}
      group by ${key ? sql`k, ` : sql``}o.client, o.status`.execute(this.db);
    return orderFacts(rows.rows, grouping === 'none');
  }

  async goods(filter: FactFilter, grouping: GoodsGrouping): Promise<GoodsFact[]> {
    const rows = await sql<SumRow & { k: string | number; goods_id: number }>`
      select ${GOODS_KEY[grouping]} as k, coalesce(i.goods_id, 0) as goods_id, o.status as status,
        sum(i.quantity) as n,
        sum(i.price * i.quantity * (o.amount - o.refund_fee) / o.amount) as income,
        sum(i.cost_price * i.delivered) as cost_price
      from orders o join order_items i on i.order_id = o.id
      where ${paidWithin(filter)} and ${factConditions(filter, 'o', { sn: true })}
        ${filter.goodsId ? sql`and i.goods_id = ${filter.goodsId}` : sql``}
      group by k, coalesce(i.goods_id, 0), o.status`.execute(this.db);
    return goodsFacts(rows.rows);
  }

  /** The analysis per group, summed from the facts by the one definition (analysis-sums.ts). */
  async sums(filter: FactFilter, grouping: SumsGrouping): Promise<Map<string, AnalysisSums>> {
    return sumsByKey(await this.orders(filter, grouping));
  }

  async goodsSums(filter: FactFilter, grouping: GoodsSumsGrouping): Promise<Map<string, GoodsSums>> {
    return goodsSumsByKey(await this.goods(filter, grouping), (f) => f.key);
  }

  async ranking(
    filter: FactFilter,
    grouping: RankGrouping,
    by: SortAttr,
    top: number,
  ): Promise<Array<[string, AnalysisSums]>> {
    return rankSums(await this.sums(filter, grouping), grouping, by, top);
  }

  async goodsRanking(
    filter: FactFilter,
    by: SortAttr,
    window: { offset: number; limit: number },
  ): Promise<GoodsRanking> {
    return rankGoods(await this.goodsSums(filter, 'goods'), by, window);
  }
}

/** Paid (sale_day set), took money, and paid within the range. */
function paidWithin(f: FactFilter): RawBuilder<unknown> {
  return sql`o.sale_day is not null and o.amount > 0 and o.paid_at >= ${f.start} and o.paid_at < ${f.end}`;
}

const HOUR = sql`o.sale_day + ((o.paid_at - o.sale_day) / 3600000) * 3600000`;

const ORDER_KEY: Record<OrderGrouping, RawBuilder<unknown> | null> = {
  none: null,
  hour: HOUR,
  day: sql`o.sale_day`,
  area: sql`coalesce(o.area_id, 0)`,
  store: sql`coalesce(o.store_id, 0)`,
  sn: sql`o.sn`,
};

const GOODS_KEY: Record<GoodsGrouping, RawBuilder<unknown>> = {
  goods: sql`coalesce(i.goods_id, 0)`,
  hour: HOUR,
  day: sql`o.sale_day`,
  store: sql`coalesce(o.store_id, 0)`,
  goods_store: sql`coalesce(i.goods_id, 0) || ':' || coalesce(o.store_id, 0)`,
};

/**
 * The filter's merchant, store scope and narrowing (area, store, and the machine where the table has one) as
 * SQL over table `t`; rollups keep 0 where an order has no store or area, which no filter names, so the same
 * conditions select the same orders in the orders and in every rollup.
 */
export function factConditions(f: FactFilter, t: string, has: { sn: boolean }): RawBuilder<unknown> {
  const col = (c: string) => sql.ref(`${t}.${c}`);
  const parts: RawBuilder<unknown>[] = [sql`${col('merchant_id')} = ${f.merchantId}`];
  if (f.storeIds !== null) {
    const ids = f.storeIds.length ? f.storeIds : [-1];
    parts.push(sql`${col('store_id')} in (${sql.join(ids)})`);
  }
  if (f.storeId) parts.push(sql`${col('store_id')} = ${f.storeId}`);
  if (f.areaId) parts.push(sql`${col('area_id')} = ${f.areaId}`);
  if (f.sn && has.sn) parts.push(sql`${col('sn')} = ${f.sn}`);
  return sql.join(parts, sql` and `);
}

export interface SumRow {
  status: number | string;
  n: number | string | null;
  amount?: number | string | null;
  refund_fee?: number | string | null;
  income?: number | string | null;
  cost_price: number | string | null;
}

/**
 * Rows summed per group into facts (PostgreSQL answers sums as strings): groups met in several pieces are added
 * up, and groups left with nothing (every order moved out of them since) are dropped.
 */
export function orderFacts(
  rows: Array<SumRow & { k: string | number; client: string }>,
  none = false,
): OrderFact[] {
  const out = new Map<string, OrderFact>();
  for (const r of rows) {
    const key = none ? '' : String(r.k);
    const status = Number(r.status);
    const id = `${key}\u0000${r.client}\u0000${status}`;
    const fact = out.get(id) ?? {
      key,
      client: r.client,
      status,
      n: 0,
      amount: 0,
      refund_fee: 0,
      cost_price: 0,
    };
    fact.n += Number(r.n ?? 0);
    fact.amount += Number(r.amount ?? 0);
    fact.refund_fee += Number(r.refund_fee ?? 0);
    fact.cost_price += Number(r.cost_price ?? 0);
    out.set(id, fact);
  }
  return [...out.values()].filter((f) => f.n || f.amount || f.refund_fee || f.cost_price);
}

export function goodsFacts(
  rows: Array<SumRow & { k: string | number; goods_id: number | string }>,
): GoodsFact[] {
  const out = new Map<string, GoodsFact>();
  for (const r of rows) {
    const key = String(r.k);
    const goodsId = Number(r.goods_id);
    const status = Number(r.status);
    const id = `${key}\u0000${goodsId}\u0000${status}`;
    const fact = out.get(id) ?? { key, goods_id: goodsId, status, n: 0, income: 0, cost_price: 0 };
    fact.n += Number(r.n ?? 0);
    fact.income += Number(r.income ?? 0);
    fact.cost_price += Number(r.cost_price ?? 0);
    out.set(id, fact);
  }
  return [...out.values()].filter((f) => f.n || f.income || f.cost_price);
}
