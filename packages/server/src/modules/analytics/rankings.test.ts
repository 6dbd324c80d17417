import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfPeriod } from '@vendo/contract/constants';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { DEVICE_SUM_COLUMNS, GOODS_SUM_COLUMNS } from './coarse-sums';
import { rankGoods, rankSums } from './rankings';
import { RollupFacts } from './rollup-facts';
import type { FactFilter } from './sales-facts';

/*
 * The ranking in the statement breaks ties as the ranking in plain code does (rankings.ts): keys as strings in
 * JavaScript's order — a store's id as text ('10' before '9'), machine numbers with capitals, digits and
 * punctuation in byte order whatever the database's collation — and goods ids as numbers. The property test's
 * few stores and machines seldom tie across those; here every group ties.
 */
const DAY = 86_400_000;
const MERCHANT = 990_001;

describe.each(dialects())('rankings ranked in SQL on %s', (dialect) => {
  let t: TestApp;
  let filter: FactFilter;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const day = startOfPeriod('day', Date.UTC(2026, 5, 10, 6), t.config.timeZone);
    filter = { merchantId: MERCHANT, storeIds: null, start: day, end: day + DAY };
    const sums = (columns: readonly string[], income: number, count: number) =>
      Object.fromEntries(
        columns.map((c) => [c, c === 'income' ? income : c === 'success_n' || c === 'n' ? count : 1]),
      );
    // Every machine and store the same figures but two; stores 0…12 (0: machines in no store).
    const sns = ['10', '9', 'A-2', 'a-1', 'A1', 'b', 'B', 'Z_9', 'z-0', 'a_1', 'a1'];
    const machines = sns.map((sn, i) => ({
      sn,
      store_id: i % 13,
      area_id: 1,
      ...sums(DEVICE_SUM_COLUMNS, i === 3 ? 900 : 500, i === 5 ? 9 : 5),
    }));
    const stores = Array.from({ length: 13 }, (_, store) => ({
      store_id: store,
      area_id: 1,
      ...sums(DEVICE_SUM_COLUMNS, store === 11 ? 900 : 500, store === 4 ? 9 : 5),
    }));
    const goods = Array.from({ length: 14 }, (_, g) => ({
      goods_id: g,
      store_id: 1 + (g % 2),
      area_id: 1,
      ...sums(GOODS_SUM_COLUMNS, g === 12 ? 900 : 500, g === 7 ? 9 : 5),
    }));
    const at = { merchant_id: MERCHANT, day };
    const db = t.db.kysely;
    for (const [table, rows] of [
      ['device_sum_runs', machines],
      ['device_sum_days', machines],
      ['store_sum_runs', stores],
      ['goods_sum_runs', goods],
      ['goods_sum_days', goods],
    ] as const) {
      const columns = Object.keys({ ...at, ...rows[0]! });
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
        rows.map((r) => {
          const row: Record<string, number | string> = { ...at, ...r };
          return sql`(${sql.join(columns.map((c) => row[c]))})`;
        }),
      )}`.execute(db);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the full answer ranked in plain code, ties in key order, from both read paths', async () => {
    for (const span of [0, 10_000]) {
      const facts = new RollupFacts(t.db.kysely, t.config.timeZone, 20_000, span);
      for (const by of ['income', 'count'] as const) {
        for (const grouping of ['store', 'sn'] as const) {
          const all = await facts.sums(filter, grouping);
          for (let top = 1; top <= all.size + 1; top++) {
            expect(
              await facts.ranking(filter, grouping, by, top),
              `${grouping} ${by} ${top} ${span}`,
            ).toEqual(rankSums(all, grouping, by, top));
          }
        }
        const goods = await facts.goodsSums(filter, 'goods');
        for (let offset = 0; offset <= goods.size; offset += 3) {
          const window = { offset, limit: 4 };
          expect(await facts.goodsRanking(filter, by, window), `goods ${by} ${offset} ${span}`).toEqual(
            rankGoods(goods, by, window),
          );
        }
      }
    }
    // The store ids as text: '10', '11', '12' come before '2'; machines in byte order: capitals first.
    const facts = new RollupFacts(t.db.kysely, t.config.timeZone);
    const stores = await facts.ranking(filter, 'store', 'count', 13);
    expect(stores.map(([k]) => k)).toEqual(['4', '1', '10', '11', '12', '2', '3', '5', '6', '7', '8', '9']);
    const machines = await facts.ranking(filter, 'sn', 'income', 20);
    expect(machines.map(([k]) => k)).toEqual([
      'a-1',
      '10',
      '9',
      'A-2',
      'A1',
      'B',
      'Z_9',
      'a1',
      'a_1',
      'b',
      'z-0',
    ]);
  });
});
