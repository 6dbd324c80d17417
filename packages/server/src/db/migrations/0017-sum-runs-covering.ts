import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers';
import { SUM_RUNS } from './0016-sum-runs';

/**
 * Issue 13 (docs/analytics.md, decision 034): PostgreSQL reads a snapshot day of the running totals through the
 * primary key (merchant_id, day, …) but then fetches each row from the heap, where the rows of one day lie
 * scattered (the backfill writes them key by key, the folds copy and update them day by day): ~1,000 heap pages
 * for the ~1,000 rows of a day. The primary key now carries the sums too (INCLUDE), so a read is an index-only
 * scan of a day's contiguous leaf pages (pages the visibility map marks all-visible: RollupFacts.cleanUp vacuums
 * these tables with the other rollups). One index as before, rebuilt in place: no second copy to maintain, and
 * ON CONFLICT still infers it from the key columns. SQLite: nothing to do, the tables are WITHOUT ROWID, so the
 * primary key is the table and a day's rows are already contiguous.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setKey(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setKey(db, false);
}

async function setKey(db: Kysely<unknown>, covering: boolean): Promise<void> {
  for (const run of SUM_RUNS) {
    const name = sql.id(`${run.table}_key`);
    const key = sql.join(['merchant_id', 'day', ...run.key].map((c) => sql.ref(c)));
    const include = covering ? sql` include (${sql.join(run.sums.map((c) => sql.ref(c)))})` : sql``;
    await sql`alter table ${sql.table(run.table)} drop constraint ${name},
      add constraint ${name} primary key (${key})${include}`.execute(db);
  }
}
