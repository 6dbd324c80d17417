import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { onPostgres } from '../../db/list-query';

/** First key of the PostgreSQL advisory locks of catalog names ("NAME"), apart from any other use. */
const LOCK_SPACE = 0x4e414d45;

/**
 * Makes "no two live areas / stores / goods of a merchant share a name" hold under concurrency: on PostgreSQL a
 * transaction-scoped advisory lock per merchant and table, taken just before the name is checked; SQLite runs one
 * write transaction at a time already. Not the merchant's row lock (lockMerchant): sales take key-share locks on
 * that row while holding goods and machine rows, so an edit holding it while it updates goods could deadlock with
 * a sale. Edits therefore take this lock last, after their updates, and hold no other lock a sale waits for.
 */
export async function lockNames(
  trx: Kysely<Database>,
  table: 'areas' | 'stores' | 'goods',
  merchantId: number,
): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${`${table}:${merchantId}`}))`.execute(trx);
}
