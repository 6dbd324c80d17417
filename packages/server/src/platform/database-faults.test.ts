import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { isDatabaseUnavailable, logFault } from './database-faults';
import { installErrorHandling } from './error-handler';

/*
 * Decision 044: a database that cannot be reached or is busy answers DATABASE_UNAVAILABLE (HTTP 503) in the
 * caller's language, never the generic 500; a fault of our own still answers 500. The real outage, a PostgreSQL
 * cut under a running server, is faults/database-outage.test.ts.
 */
describe('database faults', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('writes a background fault meeting an unreachable database as one warn line without a stack', () => {
    const lines: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
    const log = {
      warn: (obj: object, msg?: string) =>
        lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
      error: (obj: object, msg?: string) =>
        lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    };
    logFault(
      log,
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      { job: 'settle' },
      'job failed',
    );
    const ours = new TypeError('x is undefined');
    logFault(log, ours, { job: 'settle' }, 'job failed');
    expect(lines).toEqual([
      {
        level: 'warn',
        obj: { job: 'settle', cause: 'connect ECONNREFUSED 127.0.0.1:5432' },
        msg: 'job failed: database unavailable',
      },
      { level: 'error', obj: { job: 'settle', err: ours }, msg: 'job failed' },
    ]);
  });

  it('tells a database out of reach or busy from a fault of ours', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is shutting down', '57P03'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('refused', 'ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('reset', 'ECONNRESET') }))).toBe(
      true,
    );

    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('answers 503 with the message in the caller language, and 500 for our own faults', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.post('/busy', async () => {
      throw withCode('database is locked', 'SQLITE_BUSY');
    });
    app.post('/gone', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.post('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const post = async (url: string, lang: string) => {
      const r = await app.inject({ method: 'POST', url, headers: { lang }, payload: {} });
      return { status: r.statusCode, ...r.json<{ rcode: number; msg: string; result: null }>() };
    };
    const text = rcodeText(RCODE.DATABASE_UNAVAILABLE)!;
    expect(await post('/busy', 'zh-TW')).toEqual({
      status: 503,
      rcode: RCODE.DATABASE_UNAVAILABLE,
      msg: text['zh-TW'],
      result: null,
    });
    expect(await post('/gone', 'zh-CN')).toMatchObject({ status: 503, msg: text['zh-CN'] });
    expect(await post('/gone', 'en-US')).toMatchObject({ status: 503, msg: text['en-US'] });
    expect(await post('/bug', 'en-US')).toMatchObject({ status: 500, rcode: RCODE.INTERNAL });
    await app.close();
  });
});
