import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { statementName } from './prepared-query';
import { RowStatement } from './sqlite-rows';
import { SchemaScopedPostgresDialect } from './schema-introspector';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables; undefined for SQLite. */
  schema: string | undefined;
  /** SQLite: the better-sqlite3 connection (its online backup API, cli/backup.ts); undefined for PostgreSQL. */
  sqlite?: SQLite.Database;
  /** SQLite: the database's file, when it is one (not in memory): another connection can open it. */
  file?: string;
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
  /**
   * An in-memory SQLite database opened from this serialized image (better-sqlite3's `serialize()`), instead of
   * `sqliteFile`: the tests start each app from one migrated image rather than running the migrations again.
   */
  sqliteImage?: Buffer;
}

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.schema ?? 'public');
  return createSqlite(options.sqliteImage ?? options.sqliteFile ?? ':memory:');
}

function createSqlite(file: string | Buffer): Db {
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run beside the writer; FULL sync because these rows are people's money.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: new StatementCache(database) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    schema: undefined,
    sqlite: database,
    ...(typeof file === 'string' && file !== ':memory:' ? { file } : {}),
    describe: `sqlite:${typeof file === 'string' ? file : ':memory:'}`,
    destroy: () => kysely.destroy(),
  };
}

/**
 * Kysely's SQLite connection prepares every query it runs, and better-sqlite3 compiles the SQL on every prepare
 * (13.6% of the machine-event ingest's time before this). This keeps the compiled statements by SQL text: the
 * queries are built with placeholders, so a few hundred texts cover the whole server. Bounded: beyond `max`
 * texts, the least recently used statement is dropped (SQLite finalizes it when it is collected). A statement
 * still iterating (a streamed select) is busy and cannot run twice at once: that caller gets a fresh one.
 */
export class StatementCache implements SqliteDatabase {
  private readonly statements = new Map<string, RowStatement>();

  constructor(
    private readonly database: SQLite.Database,
    readonly max = 500,
  ) {}

  /** How many statements are kept now. */
  get size(): number {
    return this.statements.size;
  }

  prepare(sql: string): RowStatement {
    const cached = this.statements.get(sql);
    if (cached?.busy) return new RowStatement(this.database.prepare(sql));
    if (cached) {
      // Most recently used last: a Map iterates in insertion order, so the first key is the one to drop.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = new RowStatement(this.database.prepare(sql));
    this.statements.set(sql, statement);
    if (this.statements.size > this.max) {
      const oldest = this.statements.keys().next();
      if (!oldest.done) this.statements.delete(oldest.value);
    }
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.database.close();
  }
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

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * SQLite rolls DDL back with the transaction, but Kysely's adapter says it cannot, so its Migrator ran migrations
 * outside any transaction: a failing migration left half its tables behind, and two processes starting together
 * could both run it. Said true, the Migrator runs the pending migrations in one transaction, begun IMMEDIATE
 * (the write lock: a second process waits under busy_timeout, then finds them applied). Decision 041.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

async function createPostgres(url: string, schema: string): Promise<Db> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two processes starting together on a new schema: IF NOT EXISTS is checked before the catalog's unique index,
    // so the one that lost the race is told of a duplicate; the schema is there, which is all it asked for.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c search_path="${schema}"`,
    // A database that does not answer (a network black hole, not a refusal) fails a call after 5 s instead of
    // holding it until the kernel's TCP timeout; the call answers DATABASE_UNAVAILABLE (decision 044).
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection whose server went away (PostgreSQL restarted, a proxy cut it) is reported here; without a
  // listener node would end the whole process on it. The pool has already dropped that connection and opens a
  // new one on the next query, so the service recovers by itself once the database is back; queries failing
  // meanwhile answer DATABASE_UNAVAILABLE and readiness says why.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({
    dialect: new SchemaScopedPostgresDialect({ pool: new NamedStatementPool(pool) }, schema),
  });
  const parsed = new URL(url);
  return {
    kysely,
    dialect: 'postgres',
    schema,
    describe: `postgres://${parsed.host}${parsed.pathname} (schema ${schema})`,
    destroy: () => kysely.destroy(),
  };
}

/**
 * node-pg sends every query as text: the server parses and plans it each time. The fixed-shape queries of the
 * machine-event path (PreparedQuery) are sent as named statements instead, parsed once per connection and then
 * only bound and run. Only those: any other SQL may vary in shape (lists), and every named statement stays in
 * its connection until it closes.
 */
class NamedStatementPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, NamedStatementClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let named = this.clients.get(client);
    if (!named) {
      // A connection in use whose socket dies (PostgreSQL restarted, a network cut) fails its query and then emits
      // 'error' on the client; the pool listens only while the client is idle, and an unheard 'error' ends the
      // process. The query's caller has its error already; the pool drops the broken client on release.
      client.on('error', () => undefined);
      named = new NamedStatementClient(client);
      this.clients.set(client, named);
    }
    return named;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

class NamedStatementClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return this.client.query(sqlOrCursor as PostgresCursor<R> & pg.Submittable);
    const values = [...(parameters ?? [])];
    const name = statementName(sqlOrCursor);
    const result = name
      ? this.client.query({ name, text: sqlOrCursor, values })
      : this.client.query(sqlOrCursor, values);
    // node-pg types `command` as any string; Kysely reads only the commands it names.
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}
