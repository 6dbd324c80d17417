import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startGateway } from '../gateway/start-gateway';
import { bind, eventually, machine, provision } from '../modules/devices/device-fixtures';
import { openDatabase } from '../runtime';
import { signUpMerchant } from '../testing/accounts';
import { TestClock, type TestApp } from '../testing/test-app';
import { Lifecycle } from './lifecycle';
import { gracefulShutdown } from './shutdown';

/*
 * A graceful shutdown (decision 042), in process with the pieces `vendo serve` has: the app listening on a port,
 * the embedded broker and its gateway, a SQLite file. A call is in flight and a burst of machine events has been
 * received but not all committed when the shutdown starts: the call completes, every event received is stored,
 * the broker and the database close, and the file is whole.
 */
describe('graceful shutdown', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the call in flight and the machine events received, then closes the broker and the file', async () => {
    const config = loadConfig({
      VENDO_MODE: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: '0',
      MQTT_TOPIC_PREFIX: 'vshut',
    });
    const db = await openDatabase(config);
    const clock = new TestClock(Date.now());
    const { app, services, calls, dev, lifecycle } = await buildApp({ config, db, clock: clock.read });
    // A slow call: a transaction that holds SQLite's one connection for 400 ms, so the machine events arriving
    // meanwhile wait for their commit; the shutdown starts while both are pending.
    let entered = false;
    app.post('/slow-call', async () =>
      db.kysely.transaction().execute(async (trx) => {
        const users = await sql<{ n: number }>`select count(*) as n from users`.execute(trx);
        entered = true;
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { rcode: 0, users: Number(users.rows[0]?.n) };
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const t: TestApp = {
      app,
      services,
      calls,
      dev,
      db,
      config,
      clock,
      async call(url, body, headers = {}) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
          payload: body === undefined ? '' : JSON.stringify(body),
        });
        return {
          status: response.statusCode,
          ...response.json<{ rcode: number; msg: string; result: unknown }>(),
        };
      },
      close: () => app.close(),
    };
    const quiet = { info() {}, warn() {}, error() {}, debug() {} };
    const gateway = await startGateway(services.devices.gateway, services.devices.machines, config, quiet);
    lifecycle.closeAfterCalls(() => gateway.close());
    expect((await fetch(`${base}/p/v1/ready`)).status).toBe(200);

    const user = await signUpMerchant(t, '13900000991');
    const [device] = await provision(t);
    await bind(t, user, device!);
    const sim = machine(t, { url: gateway.localUrl }, device!, { eventRetryMs: 60_000 });
    await sim.start();
    await eventually(() => expect(services.devices.gateway.running).toBe(true));

    const slow = fetch(`${base}/slow-call`, { method: 'POST' }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { users: number },
    }));
    const stats = services.devices.gateway.stats;
    await eventually(() => expect(entered).toBe(true));
    for (let i = 0; i < 60; i++) sim.playGame({ player: `p-${i}`, result: 'lose', plays: 1 });
    await eventually(() => expect(stats.events).toBe(60), 10_000);
    // Received, none committed: their commit waits behind the call's transaction.
    expect(stats.eventsStored).toBe(0);

    const outcome = await gracefulShutdown({
      app,
      lifecycle,
      db,
      log: app.log,
      timeoutMs: 8_000,
    });
    await sim.stop({ graceful: false });
    expect(outcome).toBe('clean');
    expect(await slow).toEqual({ status: 200, body: { rcode: 0, users: 1 } });
    // Nothing listens any more, HTTP or MQTT.
    await expect(fetch(`${base}/p/v1/health`)).rejects.toThrow();
    expect(services.devices.gateway.running).toBe(false);
    expect(lifecycle.closing).toBe(true);

    // The file: whole, its write-ahead log folded in, every event received stored once.
    expect(fs.existsSync(path.join(dataDir, 'vendo.sqlite-wal'))).toBe(false);
    const file = new SQLite(path.join(dataDir, 'vendo.sqlite'), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const { n } = file
        .prepare("select count(*) as n from device_events where sn = ? and type = 'game'")
        .get(device!.sn) as { n: number };
      expect(n).toBe(60);
      expect(stats.eventsStored).toBe(60);
    } finally {
      file.close();
    }
  });

  it('gives up after its bound, answering timed out (the process then exits 1)', async () => {
    const app = Fastify();
    const lifecycle = new Lifecycle();
    app.addHook('onClose', () => lifecycle.runAfterCalls());
    lifecycle.closeAfterCalls(() => new Promise<void>(() => undefined));
    await app.ready();
    let destroyed = false;
    const started = Date.now();
    const outcome = await gracefulShutdown({
      app,
      lifecycle,
      db: { destroy: async () => void (destroyed = true) },
      log: app.log,
      timeoutMs: 200,
    });
    expect(outcome).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lifecycle.closing).toBe(true);
    expect(destroyed).toBe(false);
  });
});
