import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { RollupFacts } from './rollup-facts';

/*
 * PostgreSQL keeps the deltas a fold deletes as dead rows until a vacuum; with autovacuum off for the deltas table
 * (a server may run without it), the folds alone must keep the table from growing with every delta ever written.
 */
const H = 3_600_000;

describe.skipIf(!dialects().includes('postgres'))(
  'the rollups folded on PostgreSQL without autovacuum',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres');
      await sql`alter table sales_deltas set (autovacuum_enabled = false)`.execute(t.db.kysely);
    });
    afterAll(async () => {
      await t.close();
    });

    const pages = async () => {
      const row = await sql<{ bytes: string | number }>`
      select pg_relation_size('sales_deltas') as bytes`.execute(t.db.kysely);
      return Number(row.rows[0]!.bytes) / 8192;
    };

    /** 40 rounds of 300 sales deltas, each folded: answers the deltas table's pages at the end. */
    const churn = async (rollups: RollupFacts) => {
      const day = Date.UTC(2026, 10, 21, 16);
      for (let round = 0; round < 40; round++) {
        const rows = Array.from({ length: 300 }, (_, i) => ({
          merchant_id: 1,
          day,
          hour: day + (i % 24) * H,
          sn: `7000${i % 10}`,
          store_id: 0,
          area_id: 0,
          client: 'wechat',
          status: 3,
          n: i % 2 ? 1 : -1,
          amount: i % 2 ? 300 : -300,
          refund_fee: 0,
          cost_price: 0,
        }));
        await t.db.kysely.insertInto('sales_deltas').values(rows).execute();
        await rollups.compact();
      }
      return pages();
    };

    // Alone it ends at 0 pages, and near 200 without the clean-up. Tests running beside it (other schemas of the
    // same database) hold snapshots that keep a vacuum from reclaiming the newest dead rows, so a few rounds' worth
    // may stay (up to 64 pages seen with three suites beside it): the bound allows that, half of what the churn
    // leaves without the clean-up.
    it('vacuums the deltas it folded, so the table stays a few pages', async () => {
      expect(await churn(new RollupFacts(t.db.kysely, 'Asia/Shanghai', 1000))).toBeLessThan(100);
    });

    it('(the same churn without the clean-up grows the table: what the test above would catch)', async () => {
      const before = await pages();
      expect(
        await churn(new RollupFacts(t.db.kysely, 'Asia/Shanghai', Number.POSITIVE_INFINITY)),
      ).toBeGreaterThan(before + 40);
    });
  },
);
