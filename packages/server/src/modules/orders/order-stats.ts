import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { SalesGroup } from '../analytics/analysis-sums';

/** Totals of orders of one payment method and status: what the analysis block is summed from. */
export type StatGroup = SalesGroup;

/** The conditions the daily totals can answer (the others need the orders themselves). */
export interface StatFilter {
  merchantId: number;
  storeIds: number[] | null;
  areaId?: number | undefined;
  storeId?: number | undefined;
  client?: string | undefined;
  status?: number | undefined;
  paidOnly?: boolean;
}

const KEY = ['merchant_id', 'day', 'store_id', 'area_id', 'client', 'status', 'priced'] as const;

/**
 * The daily totals of the bill analysis (migration 0004): triggers on orders append every change as a delta;
 * compact() folds them into order_stats. A sum reads both, so it is exact whether or not the jobs have run.
 */
export class OrderStats {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Folds deltas into the totals, a batch per transaction. The delete answers the rows it removed, so two
   * processes compacting at once never fold one delta twice; the totals are upserted in key order.
   */
  async compact(batch = 20_000, maxBatches = 50): Promise<number> {
    let folded = 0;
    for (let round = 0; round < maxBatches; round++) {
      const moved = await this.db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('order_stat_deltas')
          .select('id')
          .orderBy('id')
          .offset(batch - 1)
          .limit(1)
          .executeTakeFirst();
        let query = trx.deleteFrom('order_stat_deltas');
        if (last) query = query.where('id', '<=', last.id);
        const rows = await query.returningAll().execute();
        const totals = new Map<string, (typeof rows)[number]>();
        for (const row of rows) {
          const key = KEY.map((k) => row[k]).join('|');
          const sum = totals.get(key);
          if (!sum) totals.set(key, { ...row });
          else {
            sum.n = Number(sum.n) + Number(row.n);
            sum.amount = Number(sum.amount) + Number(row.amount);
            sum.refund_fee = Number(sum.refund_fee) + Number(row.refund_fee);
            sum.cost_price = Number(sum.cost_price) + Number(row.cost_price);
          }
        }
        const sorted = [...totals.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([, v]) => v);
        for (let i = 0; i < sorted.length; i += 500) {
          await trx
            .insertInto('order_stats')
            .values(
              sorted.slice(i, i + 500).map((r) => ({
                merchant_id: r.merchant_id,
                day: r.day,
                store_id: r.store_id,
                area_id: r.area_id,
                client: r.client,
                status: r.status,
                priced: r.priced,
                n: r.n,
                amount: r.amount,
                refund_fee: r.refund_fee,
                cost_price: r.cost_price,
              })),
            )
            .onConflict((oc) =>
              oc.columns([...KEY]).doUpdateSet((eb) => ({
                n: eb('order_stats.n', '+', eb.ref('excluded.n')),
                amount: eb('order_stats.amount', '+', eb.ref('excluded.amount')),
                refund_fee: eb('order_stats.refund_fee', '+', eb.ref('excluded.refund_fee')),
                cost_price: eb('order_stats.cost_price', '+', eb.ref('excluded.cost_price')),
              })),
            )
            .execute();
        }
        return rows.length;
      });
      folded += moved;
      if (moved < batch) break;
    }
    return folded;
  }

  /** Totals per payment method and status over whole days [fromDay, toDay) (local midnights). */
  async sums(filter: StatFilter, fromDay: number, toDay: number): Promise<StatGroup[]> {
    const read = (table: 'order_stats' | 'order_stat_deltas') => {
      let q = this.db
        .selectFrom(table)
        .where('merchant_id', '=', filter.merchantId)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay);
      if (filter.storeIds !== null)
        q = q.where('store_id', 'in', filter.storeIds.length ? filter.storeIds : [-1]);
      if (filter.storeId) q = q.where('store_id', '=', filter.storeId);
      if (filter.areaId) q = q.where('area_id', '=', filter.areaId);
      if (filter.client) q = q.where('client', '=', filter.client);
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      if (filter.paidOnly) q = q.where('priced', '=', 1);
      return q
        .select((eb) => [
          'client',
          'status',
          eb.fn.sum<number>('n').as('n'),
          eb.fn.sum<number>('amount').as('amount'),
          eb.fn.sum<number>('refund_fee').as('refund_fee'),
          eb.fn.sum<number>('cost_price').as('cost_price'),
        ])
        .groupBy(['client', 'status'])
        .execute();
    };
    const rows = [...(await read('order_stats')), ...(await read('order_stat_deltas'))];
    return rows.map((r) => ({
      client: r.client,
      status: Number(r.status),
      n: Number(r.n ?? 0),
      amount: Number(r.amount ?? 0),
      refund_fee: Number(r.refund_fee ?? 0),
      cost_price: Number(r.cost_price ?? 0),
    }));
  }
}
