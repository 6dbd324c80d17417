import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Migrations are written once for both databases; these helpers hide the few column spellings that differ.
 * SQLite: INTEGER PRIMARY KEY AUTOINCREMENT; PostgreSQL: a bigint identity.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds and money in cents need 64 bits in PostgreSQL. */
export const bigint = 'bigint' as const;
