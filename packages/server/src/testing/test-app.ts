import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions, type Services } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb, type Db, type Dialect } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { schemaPool } from './schema-pool';

/**
 * The databases every server test runs against: SQLite always, PostgreSQL too when DATABASE_URL is set
 * (CI sets it). Use with describe.each(dialects()).
 */
export function dialects(): Dialect[] {
  return process.env['DATABASE_URL'] ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  calls: Awaited<ReturnType<typeof buildApp>>['calls'];
  /** The dev routes the app declares (registered in test mode, not in production). */
  dev: Awaited<ReturnType<typeof buildApp>>['dev'];
  db: Db;
  config: Config;
  clock: TestClock;
  /** POSTs a call and returns the parsed envelope. */
  call(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestAnswer>;
  close(): Promise<void>;
}

export interface TestAnswer {
  status: number;
  rcode: number;
  msg: string;
  result: unknown;
}

/** A clock tests move by hand, so expiry rules are tested without waiting. */
export class TestClock {
  constructor(public now = Date.UTC(2026, 10, 22, 2, 0, 0)) {}
  read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

/** A freshly migrated in-memory SQLite database, serialized by the file's first SQLite app. */
let sqliteImage: Buffer | undefined;

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  /**
   * A logger for tests that read the log (platform/request-log.test.ts); none by default. `sqliteFile`: SQLite in
   * this file instead of in memory (the ingest worker opens its own connection to it); the caller removes it.
   */
  options: Pick<AppOptions, 'logger'> & { sqliteFile?: string } = {},
): Promise<TestApp> {
  // Test mode: production's behaviour with the sandboxes' test pages on (the SMS outbox and the like). The tests
  // stand behind a proxy on loopback (app.inject's address), so X-Forwarded-For names their callers.
  const config = loadConfig({
    VENDO_MODE: 'test',
    TRUST_PROXY: 'loopback',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const url = process.env['DATABASE_URL'];
  const pooled = dialect === 'postgres' ? schemaPool.take() : undefined;
  const schema = pooled ?? `t_${randomBytes(6).toString('hex')}`;
  const db = await createDb(
    dialect === 'postgres'
      ? { databaseUrl: url, schema }
      : options.sqliteFile
        ? { sqliteFile: options.sqliteFile }
        : sqliteImage
          ? { sqliteImage }
          : { sqliteFile: ':memory:' },
  );
  if (options.sqliteFile) await migrateToLatest(db);
  else if (!pooled && !(dialect === 'sqlite' && sqliteImage)) {
    await migrateToLatest(db);
    if (dialect === 'postgres') await schemaPool.learn(db);
    // The file's later SQLite apps open a copy of this migrated database instead of migrating again.
    else sqliteImage = db.sqlite?.serialize();
  }
  const clock = new TestClock();
  const built = await buildApp({ config, db, clock: clock.read, logger: options.logger })
    .then(async (b) => {
      await b.app.ready();
      return b;
    })
    .catch(async (error: unknown) => {
      await dropDb();
      throw error;
    });
  const { app, services, calls, dev } = built;
  return {
    app,
    services,
    calls,
    dev,
    db,
    config,
    clock,
    async call(path, body, headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
        payload: body === undefined ? '' : JSON.stringify(body),
      });
      const parsed = response.json<{ rcode: number; msg: string; result: unknown }>();
      return { status: response.statusCode, ...parsed };
    },
    async close() {
      await app.close();
      if (dialect === 'postgres' && (await schemaPool.give(db))) {
        await db.destroy();
        return;
      }
      await dropDb();
    },
  };

  async function dropDb(): Promise<void> {
    await db.destroy();
    if (dialect === 'postgres' && url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
