import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { bigint, isPostgres } from '../schema-helpers';
import { COARSE_ROLLUPS } from './0010-coarse-rollups';

/**
 * Issue 13: the running totals (docs/analytics.md, decision 034, modules/analytics/sum-runs.ts). Per merchant and
 * local day with folded sales (or goods), a row per machine, store and area (per store and area; per goods, store
 * and area) the merchant had up to that day, holding the coarse rollups' figures of every day up to and including
 * it; a range of whole days is one day's rows minus another's. Fed by the same deltas (RollupFacts.compact()), so a
 * sale writes nothing more. They start from the coarse day rollups of 0010, which hold everything folded so far:
 * the deltas not yet folded are folded into these as into those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const run of SUM_RUNS) {
    let table: CreateTableBuilder<string, string> = db.schema.createTable(run.table);
    for (const c of ['merchant_id', 'day', ...run.key])
      table = table.addColumn(c, c === 'sn' ? 'varchar(20)' : bigint, (b) => b.notNull());
    for (const c of run.sums) table = table.addColumn(c, bigint, (b) => b.notNull());
    // The reads: the rows of one merchant and day, contiguous in the primary key (SQLite: the table itself).
    table = table.addPrimaryKeyConstraint(`${run.table}_key`, ['merchant_id', 'day', ...run.key]);
    await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  }
  await backfillSumRuns(db);
}

const [DEVICE_SUM_DAYS, , GOODS_SUM_DAYS] = COARSE_ROLLUPS;
const DEVICE_SUMS: readonly string[] = DEVICE_SUM_DAYS.sums;
const GOODS_SUMS: readonly string[] = GOODS_SUM_DAYS.sums;

/** Each running-totals table: its key after (merchant_id, day) and its sums. */
export const SUM_RUNS = [
  { table: 'device_sum_runs', key: ['sn', 'store_id', 'area_id'], sums: DEVICE_SUMS },
  { table: 'store_sum_runs', key: ['store_id', 'area_id'], sums: DEVICE_SUMS },
  { table: 'goods_sum_runs', key: ['goods_id', 'store_id', 'area_id'], sums: GOODS_SUMS },
] as const;
export const SUM_RUN_TABLES = SUM_RUNS.map((r) => r.table);

/**
 * Fills the running totals from the coarse day rollups of 0010 (which must be filled; the running totals must be
 * empty): for every day of a merchant in the day rollup and every key it had on or before that day, the running
 * sum of the key's days up to it (a window over the days × keys); the store totals are the machine totals summed
 * per store and area. Also what bench/analytics runs after its bulk load.
 */
export async function backfillSumRuns(db: Kysely<unknown>): Promise<void> {
  const fill = (into: string, from: string, key: readonly string[], sums: readonly string[]) => {
    const k = key.join(', ');
    const on = key.map((c) => `x.${c} = k.${c}`).join(' AND ');
    const running = sums.map((c) => `sum(coalesce(x.${c}, 0)) OVER w`).join(', ');
    return sql.raw(`INSERT INTO ${into} (merchant_id, day, ${k}, ${sums.join(', ')})
SELECT d.merchant_id, d.day, ${key.map((c) => `k.${c}`).join(', ')}, ${running}
FROM (SELECT DISTINCT merchant_id, day FROM ${from}) d
JOIN (SELECT merchant_id, ${k}, min(day) AS first FROM ${from} GROUP BY merchant_id, ${k}) k
  ON k.merchant_id = d.merchant_id AND k.first <= d.day
LEFT JOIN ${from} x ON x.merchant_id = d.merchant_id AND x.day = d.day AND ${on}
WINDOW w AS (PARTITION BY k.merchant_id, ${key.map((c) => `k.${c}`).join(', ')} ORDER BY d.day)`);
  };
  const [device, store, goods] = SUM_RUNS;
  await fill(device.table, 'device_sum_days', device.key, device.sums).execute(db);
  const storeKey = ['merchant_id', 'day', ...store.key].join(', ');
  await sql
    .raw(
      `INSERT INTO ${store.table} (${storeKey}, ${store.sums.join(', ')})
SELECT ${storeKey}, ${store.sums.map((c) => `sum(${c})`).join(', ')} FROM ${device.table} GROUP BY ${storeKey}`,
    )
    .execute(db);
  await fill(goods.table, 'goods_sum_days', goods.key, goods.sums).execute(db);
  for (const run of SUM_RUNS) await sql`analyze ${sql.table(run.table)}`.execute(db);
}
