import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { createDb, type Db } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { createTestApp, dialects } from '../testing/test-app';
import { AppError } from './app-error';
import { RATE_EVENTS_KEPT_MS, RateLimiter, type Limit } from './rate-limit';

const WINDOW = 60_000;

describe.each(dialects())('the rate limiter on %s', (dialect) => {
  let db: Db;
  let now: number;
  let limiter: RateLimiter;
  let schema: string;
  beforeEach(async () => {
    schema = `rl_${Math.random().toString(36).slice(2, 10)}`;
    db = await createDb(
      dialect === 'postgres'
        ? { databaseUrl: process.env['DATABASE_URL'], schema }
        : { sqliteFile: ':memory:' },
    );
    await migrateToLatest(db);
    now = 1_000_000;
    limiter = new RateLimiter(db.kysely, () => now);
  });
  afterEach(async () => {
    if (dialect === 'postgres') await sql`drop schema ${sql.id(schema)} cascade`.execute(db.kysely);
    await db.destroy();
  });

  /** Reserves every attempt at once; answers how many got through and the refusals' rcodes. */
  async function race(limits: Limit[], attempts: number) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () => limiter.reserve(limits)),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o.reason as AppError).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    return outcomes.length - refused.length;
  }

  async function stored(bucket: string) {
    return db.kysely.selectFrom('rate_events').select('bucket').where('bucket', '=', bucket).execute();
  }

  it('lets at most `limit` of 200 parallel attempts through and records only those', async () => {
    const passed = await race([{ bucket: 'test:race', limit: 10, windowMs: WINDOW }], 200);
    expect(passed).toBe(10);
    expect(await stored('test:race')).toHaveLength(10);
  });

  it('records in every bucket or in none', async () => {
    const tight = { bucket: 'test:tight', limit: 2, windowMs: WINDOW };
    const loose = { bucket: 'test:loose', limit: 100, windowMs: WINDOW };
    expect(await race([loose, tight], 50)).toBe(2);
    expect(await stored('test:loose')).toHaveLength(2);
  });

  it('answers the seconds until the window frees a place, and frees it then', async () => {
    const limit = { bucket: 'test:wait', limit: 2, windowMs: WINDOW };
    await limiter.reserve([limit]);
    now += 20_000;
    await limiter.reserve([limit]);
    now += 10_000;
    const refused = await limiter.reserve([limit]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).params).toEqual({ seconds: 30 });
    now += 30_000;
    await expect(limiter.reserve([limit])).resolves.toBeDefined();
  });

  it('answers the first full limit’s rcode', async () => {
    const daily = { bucket: 'test:daily', limit: 1, windowMs: WINDOW, rcode: RCODE.SMS_DAILY_LIMIT };
    await limiter.reserve([daily]);
    await expect(limiter.reserve([daily])).rejects.toMatchObject({ rcode: RCODE.SMS_DAILY_LIMIT });
  });

  it('gives a released attempt back', async () => {
    const limit = { bucket: 'test:release', limit: 1, windowMs: WINDOW };
    const attempt = await limiter.reserve([limit]);
    await attempt.release();
    await expect(limiter.reserve([limit])).resolves.toBeDefined();
  });

  it('tightens a limit by the count of another bucket', async () => {
    const wide = { bucket: 'test:wide', limit: Infinity, windowMs: WINDOW };
    const narrow = (n: number): Limit => ({
      bucket: `test:narrow:${n}`,
      windowMs: WINDOW,
      limit: (count) => (count('test:wide') >= 5 ? 1 : 3),
    });
    for (let i = 0; i < 5; i++) await limiter.reserve([narrow(i), wide]);
    await limiter.reserve([narrow(9), wide]);
    await expect(limiter.reserve([narrow(9), wide])).rejects.toMatchObject({
      rcode: RCODE.TOO_MANY_ATTEMPTS,
    });
  });

  it('stores a key longer than the column as its hash', async () => {
    const long = `test:${'x'.repeat(5000)}`;
    const limit = { bucket: long, limit: 1, windowMs: WINDOW };
    await limiter.reserve([limit]);
    await expect(limiter.reserve([limit])).rejects.toMatchObject({ rcode: RCODE.TOO_MANY_ATTEMPTS });
    const rows = await db.kysely.selectFrom('rate_events').select('bucket').execute();
    expect(rows.map((r) => r.bucket)).toEqual([expect.stringMatching(/^test:sha256:[0-9a-f]{64}$/)]);
    await limiter.clear(long);
    await expect(limiter.reserve([limit])).resolves.toBeDefined();
  });
});

describe.each(dialects())('old rate events on %s', (dialect) => {
  it('the jobs prune events older than any window, and keep the ones a limit still counts', async () => {
    const t = await createTestApp(dialect);
    try {
      const events = async () =>
        (await t.db.kysely.selectFrom('rate_events').select('bucket').orderBy('bucket').execute()).map(
          (row) => row.bucket,
        );
      await t.services.limiter.reserve([{ bucket: 'test:old', limit: 5, windowMs: WINDOW }]);
      t.clock.advance(RATE_EVENTS_KEPT_MS);
      await t.services.limiter.reserve([{ bucket: 'test:recent', limit: 5, windowMs: WINDOW }]);
      t.clock.advance(60_000);
      await t.services.jobs.runDue();
      expect(await events()).toEqual(['test:recent']);
    } finally {
      await t.close();
    }
  });
});
