import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './schema-helpers';

/** limit/offset of a paged request; pageNum 0 reads as the first page (the device list's default is 0). */
export function pageWindow(paging: { pageNum: number; pageSize: number }): { limit: number; offset: number } {
  const page = Math.max(1, paging.pageNum);
  return { limit: paging.pageSize, offset: (page - 1) * paging.pageSize };
}

/**
 * "column contains text", case-insensitive on both databases, with % and _ in the text taken literally.
 * (SQLite's LIKE ignores ASCII case, PostgreSQL's does not, hence lower() on both sides.)
 */
export function contains(column: string, text: string): Expression<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/** For the few statements that differ (row locks): schema-helpers' check, typed for our Database. */
export function onPostgres(db: Kysely<Database>): boolean {
  return isPostgres(db as unknown as Kysely<unknown>);
}

/**
 * Makes count-then-insert rules (quotas, one stock entry per place) hold under concurrency: on PostgreSQL the
 * merchant's row is locked until the transaction ends, so two adds of one merchant run one after the other.
 * SQLite runs one write transaction at a time already.
 */
export async function lockMerchant(trx: Kysely<Database>, merchantId: number): Promise<void> {
  if (!onPostgres(trx)) return;
  await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
}
