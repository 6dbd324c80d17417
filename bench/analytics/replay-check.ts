/**
 * Checks the bulk seed of bench/analytics against the triggers: on a copy of a seeded SQLite database, takes its
 * orders and items out and writes them back one by one as a machine's sale writes them (the order, then its
 * items), so the rollup triggers append their deltas; folds them as the jobs do; and compares every row of every
 * rollup with the one the seed built with the migration's backfill. It prints the rows that differ; it is not a
 * test (run it after changing how the benchmark seeds).
 *
 *   node --import tsx bench/analytics/replay-check.ts [bench/out/analytics/vendo.sqlite]
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDb } from '../../packages/server/src/db/create-db';
import { ROLLUP_TABLES } from '../../packages/server/src/db/migrations/0006-analytics';
import { RollupFacts } from '../../packages/server/src/modules/analytics/rollup-facts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const source = path.resolve(process.argv[2] ?? path.join(ROOT, 'bench/out/analytics/vendo.sqlite'));
const copy = `${source}.replay`;
fs.rmSync(copy, { force: true });
new SQLite(source, { readonly: true }).exec(`vacuum into '${copy.replaceAll("'", "''")}'`);

const db = await createDb({ sqliteFile: copy });
const k = db.kysely;
try {
  const started = performance.now();
  await k.transaction().execute(async (trx) => {
    for (const table of ROLLUP_TABLES) {
      await sql`create table ${sql.table(`seeded_${table}`)} as select * from ${sql.table(table)}`.execute(
        trx,
      );
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    await sql`create table replay_orders as select * from orders`.execute(trx);
    await sql`create table replay_items as select * from order_items`.execute(trx);
    await sql`delete from order_items`.execute(trx);
    await sql`delete from orders`.execute(trx);
    // Taking the items out appended their deltas; the rollups start empty.
    await sql`delete from sales_deltas`.execute(trx);
    await sql`delete from goods_deltas`.execute(trx);
    // Each order, then its items: the triggers see the rows as they see a machine's sale.
    await sql`insert into orders select * from replay_orders order by id`.execute(trx);
    await sql`insert into order_items select * from replay_items order by order_id, id`.execute(trx);
  });
  const rollups = new RollupFacts(k);
  let folded = 0;
  for (let moved = 1; moved; folded += moved) moved = await rollups.compact(50_000, 20);
  console.log(
    `replayed and folded ${folded.toLocaleString()} deltas in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  let differ = 0;
  for (const table of ROLLUP_TABLES) {
    const seeded = sql.table(`seeded_${table}`);
    const made = sql.table(table);
    const count = async (a: typeof made, b: typeof made) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from (select * from ${a} except select * from ${b})`.execute(k)
        ).rows[0]!.n,
      );
    const rows = Number((await sql<{ n: number }>`select count(*) as n from ${made}`.execute(k)).rows[0]!.n);
    const onlySeeded = await count(seeded, made);
    const onlyTriggers = await count(made, seeded);
    differ += onlySeeded + onlyTriggers;
    console.log(
      `${table.padEnd(20)}${rows.toLocaleString().padStart(12)} rows; only seeded ${onlySeeded}, only by the triggers ${onlyTriggers}`,
    );
  }
  console.log(`seeded rollups == the triggers' rollups: ${differ ? 'NO' : 'yes'}`);
  if (differ) process.exitCode = 1;
} finally {
  await db.destroy();
  for (const file of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(file, { force: true });
}
