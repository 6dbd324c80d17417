import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { brokerEnv, runGateway } from '../modules/devices/device-fixtures';

/** Liveness and readiness for a load balancer (decision 042). */
describe.each(dialects())('health and readiness (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  };

  it('answers liveness without asking anything, and the contract call still works', async () => {
    expect(await get('/p/v1/health')).toEqual({ status: 200, body: { status: 'ok' } });
    const call = await t.call('/p/v1/health');
    expect(call.rcode).toBe(0);
    expect(call.result).toMatchObject({ status: 'ok', db: dialect });
  });

  it('is not ready before the machine link is up, ready with it, and not ready again once it stops', async () => {
    const before = await get('/p/v1/ready');
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', mqtt: expect.stringMatching(/^down/), process: 'ok' },
    });
    const gateway = await runGateway(t);
    try {
      expect(await get('/p/v1/ready')).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', mqtt: 'ok', process: 'ok' } },
      });
    } finally {
      await gateway.close();
    }
    expect((await get('/p/v1/ready')).status).toBe(503);
  });

  it('is not ready when the database does not answer, naming it', async () => {
    // A second app (SQLite in memory whatever the dialect: nothing to drop afterwards) whose database is gone.
    const broken = await createTestApp('sqlite');
    try {
      await broken.db.destroy();
      const answer = await broken.app.inject({ method: 'GET', url: '/p/v1/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        status: 'not ready',
        checks: { database: expect.stringMatching(/^failed: /), mqtt: expect.stringMatching(/^down/) },
      });
      // Liveness does not care.
      expect((await broken.app.inject({ method: 'GET', url: '/p/v1/health' })).statusCode).toBe(200);
    } finally {
      // Its modules cannot release what they hold in a database that is gone.
      await broken.app.close().catch(() => undefined);
    }
  });
});
