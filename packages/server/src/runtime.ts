import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from './config';
import { createDb, type Db } from './db/create-db';
import { migrateToLatest } from './db/migrate';

/** How often a running server lets SQLite refresh the statistics of tables that changed much (PRAGMA optimize). */
export const OPTIMIZE_EVERY_MS = 3_600_000;

/** Opens the configured database and brings its schema up to date: the first step of every command. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'vendo.sqlite'),
  });
  await migrateToLatest(db);
  return db.dialect === 'sqlite' ? keepStatistics(db) : db;
}

/**
 * SQLite plans from the statistics ANALYZE last wrote (sqlite_stat1), and nothing refreshes them by itself: taken
 * when `sessions` held one row, they had every call's session lookup scan sessions and users instead of seeking
 * the unique token (docs/orders.md, decision 052). SQLite's advice for a long-lived connection
 * (sqlite.org/pragma.html#pragma_optimize): `PRAGMA optimize=0x10002` at open (every table checked, and analysed
 * only when it has no statistics or has grown or shrunk about tenfold since), then plain `PRAGMA optimize`
 * now and then and before closing. Each ANALYZE it runs samples a bounded number of rows (analysis_limit), so it
 * stays cheap on large tables; it runs through Kysely's connection, so never inside another caller's transaction.
 */
async function keepStatistics(db: Db): Promise<Db> {
  // SQLite's own suggestion (sqlite.org/lang_analyze.html): its default limit took 2.2 s at the first open of a
  // never-analysed database of 1,000,000 orders, 400 rows per index 160 ms.
  await sql`pragma analysis_limit = 400`.execute(db.kysely);
  await sql`pragma optimize = 0x10002`.execute(db.kysely);
  // Advisory: a failure (another process holding the write lock past busy_timeout) leaves the old statistics.
  const optimize = () => sql`pragma optimize`.execute(db.kysely).catch(() => undefined);
  const timer = setInterval(() => void optimize(), OPTIMIZE_EVERY_MS);
  timer.unref();
  const destroy = db.destroy;
  return {
    ...db,
    destroy: async () => {
      clearInterval(timer);
      await optimize();
      await destroy();
    },
  };
}
