import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { MachineEvent } from '@vendo/contract/device-protocol';
import { SimMachine } from '@vendo/device-sim/machine';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { sandboxPayments } from '../integrations/providers';
import { WECHAT_UA } from '../modules/orders/order-fixtures';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process';
import type { TestApp } from '../testing/test-app';
import { checkAgainstRawRows, type Discrepancy } from './raw-row-checks';

/*
 * Issue 19, faults: a real compiled `vendo serve` is killed with SIGKILL at seeded random moments while a machine
 * streams sales (10 % of its events sent twice) and customers pay (signed payment notifications, 10 % twice), then
 * started again; the stream goes on, the machine resends what was not acknowledged (docs/device-protocol.md), the
 * channel notifies again what the server did not answer. At the end the rows are compared with what they should
 * be (raw-row-checks.ts). Shared by faults/kill-nine.test.ts (CI, short) and bench/faults/run.ts (many seeds).
 */

export type Backend = 'sqlite' | 'postgres';

export interface KillScenarioOptions {
  seed: number;
  /** Steps of the stream; each is a cash sale at the machine or a customer's payment. */
  steps: number;
  /** SIGKILLs during the stream, each at a seeded step and moment within it. */
  kills: number;
  /** sqlite: a file and the embedded broker. postgres: DATABASE_URL (own schema) and the broker of MQTT_TEST_URL. */
  backend: Backend;
  /** Time between two steps. */
  stepMs?: number;
  /** How long the server stays dead after a kill before it starts again. */
  downMs?: number;
  /** The machine's share of failed dispenses (failed deliveries of paid orders are refunded automatically). */
  faultRate?: number;
  log?: (line: string) => void;
}

export interface KillScenarioReport {
  seed: number;
  backend: Backend;
  cashSales: number;
  duplicateEvents: number;
  customerOrders: number;
  customersRefused: number;
  notifications: number;
  duplicateNotifications: number;
  kills: number;
  /** Per restart: ms from spawn to ready. */
  restartMs: number[];
  /** ms from the end of the stream until every event was acknowledged and every paid order had its result. */
  settleMs: number;
  totalMs: number;
  discrepancies: Discrepancy[];
  /** Figures read from the rows (orders, refunds, ledger entries) to print. */
  rows: Record<string, number>;
}

/** A small seeded generator (mulberry32): the same seed, the same stream and kill points. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECRET = 'fault-test-secret-fault-test-secret-0123';
const PRICE = 300;
const SHELF_QUANTITY = 500;

export async function runKillScenario(o: KillScenarioOptions): Promise<KillScenarioReport> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const random = seeded(o.seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-faults-'));
  const store = await openStore(o.backend, dataDir);
  const prefix = `vf${randomBytes(4).toString('hex')}`;
  const mqttPort = o.backend === 'sqlite' ? String(await freePort()) : '0';
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    VENDO_SECRET: SECRET,
    BROWSER_GATE: 'off',
    MQTT_TOPIC_PREFIX: prefix,
    MQTT_PORT: mqttPort,
    // A vend lost in a crash before it went out turns abnormal soon (still there, never lost).
    ORDER_ABNORMAL_AFTER_MS: '4000',
    DEVICE_COMMAND_TIMEOUT_MS: '3000',
    ...store.env,
  };
  const sims: SimMachine[] = [];
  let server: ServerProcess | null = null;
  const report: KillScenarioReport = {
    seed: o.seed,
    backend: o.backend,
    cashSales: 0,
    duplicateEvents: 0,
    customerOrders: 0,
    customersRefused: 0,
    notifications: 0,
    duplicateNotifications: 0,
    kills: 0,
    restartMs: [],
    settleMs: 0,
    totalMs: 0,
    discrepancies: [],
    rows: {},
  };
  try {
    const rig = await prepareMerchant(store.db, { ...env, DATABASE_URL: store.env.DATABASE_URL ?? '' });
    const start = async () => {
      const t0 = Date.now();
      const proc = await startServerProcess({ env });
      report.restartMs.push(Date.now() - t0);
      return proc;
    };
    server = await start();
    const sim = new SimMachine({
      url: o.backend === 'sqlite' ? `mqtt://127.0.0.1:${mqttPort}` : process.env['MQTT_TEST_URL']!,
      prefix,
      sn: rig.sn,
      clientid: rig.clientid,
      secret: rig.secret,
      type: 'vm',
      commandDelayMs: [10, 60],
      eventRetryMs: 700,
      faultRate: o.faultRate ?? 0.05,
      random: seeded(o.seed ^ 0x5eed),
    });
    sims.push(sim);
    await sim.start();
    await until(() => sim.state.shelves.get(1)?.quantity === SHELF_QUANTITY, 15_000, 'shelves pushed');

    // The channel's side: signs notifications with the platform's key, as WeChat Pay or Alipay would.
    const channel = sandboxPayments({
      db: store.db.kysely,
      platformSecret: SECRET,
      clock: Date.now,
      behaviour: { autoNotify: false },
      log: { error: () => undefined },
    });
    const notify = async (orderNo: string) => {
      const signed = await channel.paymentNotice(orderNo);
      if (!signed || !server) return false;
      const answer = await fetch(`${server.url}/p/v1/pay/notify/${signed.channel}`, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
      });
      return answer.status === 200 && (await answer.text()).includes('SUCCESS');
    };

    const cash = new Set<string>();
    const customers: string[] = [];
    const killSteps = new Set<number>();
    while (killSteps.size < Math.min(o.kills, o.steps - 1)) {
      killSteps.add(1 + Math.floor(random() * (o.steps - 1)));
    }
    const stepMs = o.stepMs ?? 60;
    let down = false;

    const step = async (): Promise<void> => {
      if (random() < 0.6) {
        const event = sim.sellForCash(1, PRICE, random() < 0.5 ? 'coin' : 'bill');
        if (!event) return;
        cash.add(event.id);
        report.cashSales++;
        if (random() < 0.1) {
          // The same event sent again at once (a machine that did not see its acknowledgement in time).
          resend(sim, event);
          report.duplicateEvents++;
        }
        return;
      }
      const twice = random() < 0.1;
      if (down) {
        report.customersRefused++;
        return;
      }
      try {
        const current = server!;
        const order = await current.call<{ order_no: string; pay_url: string }>(
          '/p/v1/buy/createOrder',
          { sn: rig.sn, channel_sn: 1 },
          { 'user-agent': WECHAT_UA },
        );
        if (order.rcode !== 0) {
          report.customersRefused++;
          return;
        }
        customers.push(order.result.order_no);
        report.customerOrders++;
        await current.call('/p/v1/sandboxPay/pay', {
          tx: order.result.pay_url.split('/').pop(),
          action: 'pay',
        });
        for (let i = 0; i < (twice ? 2 : 1); i++) {
          report.notifications++;
          if (i) report.duplicateNotifications++;
          await notify(order.result.order_no);
        }
      } catch {
        // The server died under the customer: the order may or may not exist; the rows say which.
        report.customersRefused++;
      }
    };

    for (let i = 0; i < o.steps; i++) {
      if (killSteps.has(i)) {
        // Killed at a seeded moment while the step runs (a payment half-way, an event in its group commit).
        const victim = server;
        const at = Math.floor(random() * 40);
        const running = step();
        await sleep(at);
        await victim.kill('SIGKILL');
        down = true;
        report.kills++;
        log(`seed ${o.seed}: SIGKILL at step ${i} (+${at} ms)`);
        await running;
        // The stream goes on while the server is down: the machine keeps its events, customers go away.
        const downUntil = Date.now() + (o.downMs ?? 400);
        while (Date.now() < downUntil) {
          await step();
          await sleep(stepMs);
        }
        server = await start();
        // Customers come back once the machine is back online (with the embedded broker it reconnects to the new
        // process); before that the server rightly refuses their orders, and a loaded machine reconnects slowly.
        await until(() => sim.connected, 15_000, 'machine reconnected');
        down = false;
        continue;
      }
      await step();
      await sleep(stepMs);
    }

    // Settling: the machine's events all acknowledged; every paid order notified (a channel notifies until the
    // server answers SUCCESS) and given its result; refunds ended. Then a graceful stop, so the rows are still.
    const settleStarted = Date.now();
    await until(() => sim.pendingEvents === 0, 30_000, 'machine events acknowledged');
    await until(
      async () => {
        const open = await openOrders(store.db);
        for (const orderNo of open.unnotified) await notify(orderNo);
        return open.unnotified.length === 0 && open.pending === 0;
      },
      45_000,
      'paid orders settled',
      500,
    );
    report.settleMs = Date.now() - settleStarted;
    const exit = await server.kill('SIGTERM');
    server = null;
    if (exit.code !== 0) throw new Error(`the last server exited ${JSON.stringify(exit)} on SIGTERM`);

    const checked = await checkAgainstRawRows(store.db, {
      sn: rig.sn,
      cashEventIds: [...cash],
      customerOrders: customers,
      shelfStart: SHELF_QUANTITY,
      machineShelf: sim.state.shelves.get(1)?.quantity ?? -1,
    });
    report.discrepancies = checked.discrepancies;
    report.rows = checked.rows;
  } finally {
    await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
    if (server) await server.kill('SIGKILL');
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report.totalMs = Date.now() - started;
  return report;
}

/** Sends an event again as the machine's retry would: a second publish of the same id. */
function resend(sim: SimMachine, event: MachineEvent): void {
  sim.sendEvent(event);
}

/** Paid orders the server does not know as paid yet, and paid orders or refunds without their end yet. */
async function openOrders(db: Db): Promise<{ unnotified: string[]; pending: number }> {
  const unnotified = await db.kysely
    .selectFrom('orders')
    .innerJoin('sandbox_pay_transactions as tx', 'tx.out_trade_no', 'orders.order_no')
    .select('orders.order_no')
    .where('tx.state', '=', 'paid')
    .where('orders.paid_at', 'is', null)
    .execute();
  const pending = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orders.paid_at', 'is not', null)
    .where('orders.status', 'in', [1, 2, 99])
    .executeTakeFirstOrThrow();
  const refunds = await db.kysely
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirstOrThrow();
  return {
    unnotified: unnotified.map((r) => r.order_no),
    pending: Number(pending.n) + Number(refunds.n),
  };
}

/** The database the server processes share, opened here too for the setup and the checks. */
async function openStore(
  backend: Backend,
  dataDir: string,
): Promise<{ db: Db; env: Record<string, string>; close(): Promise<void> }> {
  if (backend === 'sqlite') {
    // The server's own file (DATA_DIR/vendo.sqlite); WAL lets this connection read beside it.
    const db = await createDb({ sqliteFile: path.join(dataDir, 'vendo.sqlite') });
    await migrateToLatest(db);
    return { db, env: {}, close: () => db.destroy() };
  }
  const url = process.env['DATABASE_URL'];
  const broker = process.env['MQTT_TEST_URL'];
  if (!url || !broker) throw new Error('the postgres backend needs DATABASE_URL and MQTT_TEST_URL');
  const schema = `f_${randomBytes(5).toString('hex')}`;
  const db = await createDb({ databaseUrl: url, schema });
  await migrateToLatest(db);
  return {
    db,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema, MQTT_URL: broker },
    async close() {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/**
 * A merchant with a store refunding failed deliveries automatically and a machine holding SHELF_QUANTITY colas on
 * shelf 1, made through the app's own calls on the shared database before any server process starts; answers the
 * machine's credentials and the merchant's session headers.
 */
export async function prepareMerchant(db: Db, env: Record<string, string>) {
  const config = loadConfig({ ...env, VENDO_MODE: 'test', WEB_DIST: '/nonexistent' });
  const built = await buildApp({ config, db });
  const t = {
    app: built.app,
    db,
    async call(p: string, body: unknown, headers: Record<string, string> = {}) {
      const r = await built.app.inject({
        method: 'POST',
        url: p,
        headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
        payload: JSON.stringify(body),
      });
      return { status: r.statusCode, ...r.json<{ rcode: number; msg: string; result: unknown }>() };
    },
  } as unknown as TestApp;
  try {
    const user = await signUpMerchant(t, '13900000861');
    const headers = sessionHeaders(user);
    const [device] = await built.services.devices.provision(1, 'vm');
    const ok = async (p: string, body: unknown) => {
      const answer = await t.call(p, body, headers);
      if (answer.rcode !== 0) throw new Error(`${p}: ${answer.msg}`);
      return answer.result as Record<string, unknown> & { data?: Array<{ id: number }> };
    };
    await ok('/api/v1/d/bind', {
      clientid: device!.clientid,
      sn: device!.sn,
      sign: device!.sign,
      title: 'Lobby',
      type: 'vm',
    });
    const area = await ok('/api/v1/u/addArea', { name: 'North' });
    const store = await ok('/api/v1/u/addStore', { name: 'Mall', area: area['_id'], refund_mode: 'auto' });
    await ok('/api/v1/d/editDev', { sn: device!.sn, store_id: store['_id'] });
    const goods = await ok('/api/v1/g/addPrivate', { goods_name: 'Cola', price: PRICE, cost_price: 100 });
    const shelves = await ok('/api/v1/c/getDevChannel', { sn: device!.sn });
    await ok('/api/v1/c/setChannelInfo', {
      sn: device!.sn,
      id: shelves.data![0]!.id,
      name: 'Cola',
      price: PRICE,
      game_price: PRICE,
      quantity: SHELF_QUANTITY,
      capacity: SHELF_QUANTITY,
      probability: 0,
      goods_id: goods['goods_id'],
    });
    return { sn: device!.sn, clientid: device!.clientid, secret: device!.secret, headers };
  } finally {
    await built.app.close();
  }
}

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
