import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { SchemaScopedPostgresDialect } from './schema-introspector';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables; undefined for SQLite. */
  schema: string | undefined;
  /** Human-readable target for logs and the health call, without credentials. */
  describe: string;
  destroy(): Promise<void>;
}

// node-pg returns int8 as string to protect precision; our bigints are epoch ms and cents, far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL schema; created when missing. */
  schema?: string;
  /** SQLite file; ':memory:' for throwaway tests. */
  sqliteFile?: string;
}

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.schema ?? 'public');
  return createSqlite(options.sqliteFile ?? ':memory:');
}

function createSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run beside the writer; FULL sync because these rows are people's money.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  return {
    kysely,
    dialect: 'sqlite',
    schema: undefined,
    describe: `sqlite:${file}`,
    destroy: () => kysely.destroy(),
  };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE). A deferred transaction that reads first
 * and writes later fails at once with SQLITE_BUSY_SNAPSHOT when another process (the CLI beside a running server)
 * wrote in between; an immediate one waits its turn under busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

async function createPostgres(url: string, schema: string): Promise<Db> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}"` });
  const kysely = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, schema) });
  const parsed = new URL(url);
  return {
    kysely,
    dialect: 'postgres',
    schema,
    describe: `postgres://${parsed.host}${parsed.pathname} (schema ${schema})`,
    destroy: () => kysely.destroy(),
  };
}
