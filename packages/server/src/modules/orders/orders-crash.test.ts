import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@vendo/contract/device-protocol';
import { SimMachine } from '@vendo/device-sim/machine';
import { buildApp, type Services } from '../../app';
import { loadConfig } from '../../config';
import { createDb } from '../../db/create-db';
import { migrateToLatest } from '../../db/migrate';
import { sessionHeaders, signUpMerchant } from '../../testing/accounts';
import { SERVER_BUILD } from '../../testing/server-process';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount } from '../catalog/catalog-testing';
import { eventually } from '../devices/device-fixtures';
import {
  WECHAT_UA,
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  orderRow,
  standingMachine,
} from './order-fixtures';
import { BUSY_RETRIES, BUSY_WAIT_MS } from './vend-service';

/*
 * A real server process (vendo serve on a SQLite file, embedded broker) killed with SIGKILL while a paid order
 * waits for a busy machine, then started again: the order is resumed and vended once, or refunded when the machine
 * stays busy. (The stream of sales across kills is faults/kill-nine.test.ts.)
 */

const serverDir = path.resolve(new URL('.', import.meta.url).pathname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A merchant with a store (automatic refunds) and a machine holding 200 colas on shelf 1, made in this process on
 * a SQLite file; `start` runs `vendo serve` on it, `machine` connects the simulated machine to its broker.
 */
async function crashRig(dir: string) {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_URL: '',
    VENDO_MODE: 'test',
    BROWSER_GATE: 'off',
    LOG_LEVEL: 'warn',
    VENDO_SECRET: 'crash-test-secret-crash-test-secret-0123',
    // A vend lost in the crash before it went out turns abnormal soon (still there, never lost).
    ORDER_ABNORMAL_AFTER_MS: '5000',
    WEB_DIST: '/nonexistent',
  };

  const db = await createDb({ sqliteFile: path.join(dir, 'vendo.sqlite') });
  await migrateToLatest(db);
  const config = loadConfig({ ...env, DATABASE_URL: '' } as Record<string, string>);
  const built = await buildApp({ config, db });
  const t = {
    app: built.app,
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
  const user = await signUpMerchant(t, '13900000851');
  const headers = sessionHeaders(user);
  const [device] = await built.services.devices.provision(1, 'vm');
  await t.call(
    '/api/v1/d/bind',
    { clientid: device!.clientid, sn: device!.sn, sign: device!.sign, title: 'Lobby', type: 'vm' },
    headers,
  );
  const area = (await t.call('/api/v1/u/addArea', { name: 'North' }, headers)).result as { _id: number };
  const store = (await t.call('/api/v1/u/addStore', { name: 'Mall', area: area._id }, headers)).result as {
    _id: number;
  };
  await t.call('/api/v1/d/editDev', { sn: device!.sn, store_id: store._id }, headers);
  const goods = (
    await t.call('/api/v1/g/addPrivate', { goods_name: 'Cola', price: 300, cost_price: 100 }, headers)
  ).result as { goods_id: number };
  const shelves = (await t.call('/api/v1/c/getDevChannel', { sn: device!.sn }, headers)).result as {
    data: Array<{ id: number }>;
  };
  const shelf = await t.call(
    '/api/v1/c/setChannelInfo',
    {
      sn: device!.sn,
      id: shelves.data[0]!.id,
      name: 'Cola',
      price: 300,
      game_price: 300,
      quantity: 200,
      capacity: 200,
      probability: 0,
      goods_id: goods.goods_id,
    },
    headers,
  );
  expect(shelf.rcode, shelf.msg).toBe(0);
  await built.app.close();
  await db.destroy();

  const start = async () => {
    // The compiled server (the global setup builds it, testing/server-process.ts): started through tsx, each of
    // the three starts compiled the server again.
    const proc = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD, 'serve'], {
      cwd: serverDir,
      env: { ...env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr?.on('data', () => undefined);
    await eventually(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/p/v1/health`, { method: 'POST' });
      expect(r.status).toBe(200);
    }, 20_000);
    return proc;
  };
  const machine = async () => {
    const sim = new SimMachine({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      sn: device!.sn,
      clientid: device!.clientid,
      secret: device!.secret,
      type: 'vm',
      commandDelayMs: [10, 40],
      eventRetryMs: 500,
    });
    await sim.start();
    await eventually(() => expect(sim.state.shelves.get(1)?.quantity).toBe(200), 10_000);
    return sim;
  };
  const post = async (p: string, body: unknown, h: Record<string, string> = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...h },
      body: JSON.stringify(body),
    });
    return r.json() as Promise<{ rcode: number; result: Record<string, string> }>;
  };
  /** A customer orders from shelf 1 in WeChat and pays in the sandbox cashier; answers the order number. */
  const buy = async () => {
    const order = await post(
      '/p/v1/buy/createOrder',
      { sn: device!.sn, channel_sn: 1 },
      { 'user-agent': WECHAT_UA },
    );
    if (order.rcode !== 0) return null;
    await post('/p/v1/sandboxPay/pay', { tx: order.result['pay_url']!.split('/').pop(), action: 'pay' });
    return order.result['order_no']!;
  };
  const online = () =>
    eventually(async () => {
      const answer = await post('/p/v1/buy/getMachine', { sn: device!.sn });
      expect(answer.result['online']).toBe(true);
    }, 15_000);
  return { sn: device!.sn, start, machine, post, buy, online, file: path.join(dir, 'vendo.sqlite') };
}

describe('a server killed mid-stream', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const sims: SimMachine[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-crash-'));
    dirs.push(dir);
    return dir;
  };
  const kill = async (proc: ChildProcess) => {
    proc.kill('SIGKILL');
    if (proc.exitCode === null && proc.signalCode === null) {
      await new Promise((resolve) => proc.once('exit', resolve));
    }
  };
  afterAll(async () => {
    await Promise.allSettled(sims.map((sim) => sim.stop({ graceful: false })));
    for (const proc of children) proc.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // Losing no sale and doubling none across SIGKILLs is proved by faults/kill-nine.test.ts (the compiled server,
  // seeded kills, duplicates, both databases, every total checked against the raw rows).

  it('resumes a paid order the machine was busy for after a SIGKILL; refunds one it stays busy for', async () => {
    const rig = await crashRig(tempDir());
    let child = await rig.start();
    children.push(child);
    const sim = await rig.machine();
    sims.push(sim);
    const check = await createDb({ sqliteFile: rig.file });
    const row = (orderNo: string) =>
      check.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const vendsOf = (orderNo: string) =>
      sim.commands.filter((c) => c.name === 'vend' && (c.args as { order: string }).order === orderNo).length;

    /** The customer pays while the machine's motor is held; the server dies while the order waits for it. */
    const killedWhileWaiting = async () => {
      sim.motorHeld = true;
      const orderNo = await rig.buy();
      expect(orderNo).not.toBeNull();
      // Frozen (SIGSTOP) while the database says it waits for its next retry, then killed: never mid-send.
      await eventually(async () => {
        child.kill('SIGSTOP');
        const waiting = await row(orderNo!);
        if (waiting.vend_retry_at === null) child.kill('SIGCONT');
        expect(waiting.status).toBe(1);
        expect(waiting.vend_retry_at).not.toBeNull();
      }, 30_000);
      await kill(child);
      const waiting = await row(orderNo!);
      expect(waiting.vend_busy).toBeGreaterThanOrEqual(1);
      expect(waiting.vend_busy).toBeLessThanOrEqual(BUSY_RETRIES);
      return { orderNo: orderNo!, asked: vendsOf(orderNo!) };
    };
    const restart = async () => {
      child = await rig.start();
      children.push(child);
      await rig.online();
    };

    try {
      // The machine is free when the next server starts: the order is vended, once.
      const free = await killedWhileWaiting();
      sim.motorHeld = false;
      await restart();
      await eventually(async () => expect((await row(free.orderNo)).status).toBe(3), 30_000);
      expect(await row(free.orderNo)).toMatchObject({ vend_attempts: 1, vend_retry_at: null, refund_fee: 0 });
      expect(vendsOf(free.orderNo)).toBe(free.asked + 1);
      expect(sim.state.shelves.get(1)?.quantity).toBe(199);
      const written = await check.kysely
        .selectFrom('stock_records')
        .select('quantity')
        .where('order_no', '=', free.orderNo)
        .execute();
      expect(written).toEqual([{ quantity: 1 }]);

      // Still busy when the next server starts: it asks the retries that were left, then refunds automatically.
      const busy = await killedWhileWaiting();
      await restart();
      await eventually(async () => expect((await row(busy.orderNo)).status).not.toBe(1), 30_000);
      expect(await row(busy.orderNo)).toMatchObject({ goods_err: 'refused', vend_busy: BUSY_RETRIES });
      expect(vendsOf(busy.orderNo)).toBe(BUSY_RETRIES + 1);
      // The channel confirms the refund a few seconds later (the sandbox fails 2 % of refunds: the order then
      // returns to failed, with the refund marked failed for a person to see).
      await eventually(async () => {
        const [refund] = await check.kysely
          .selectFrom('refunds')
          .innerJoin('orders', 'orders.id', 'refunds.order_id')
          .select(['refunds.kind', 'refunds.status', 'refunds.amount'])
          .where('orders.order_no', '=', busy.orderNo)
          .execute();
        expect(refund).toMatchObject({ kind: 'auto', amount: 300 });
        expect(['success', 'failed']).toContain(refund!.status);
        const order = await row(busy.orderNo);
        expect(order.status).toBe(refund!.status === 'success' ? 8 : 4);
        expect(order.refund_fee).toBe(refund!.status === 'success' ? 300 : 0);
      }, 30_000);
      expect(sim.state.shelves.get(1)?.quantity).toBe(199);
    } finally {
      await check.destroy();
    }
  }, 150_000);
});

/*
 * Issue 12: an order waiting for a busy machine is kept in the database (which retry, when it is due), so the app
 * that comes after the one that was waiting resumes it: the machine, free by then, vends it once — however many
 * apps find it due at the same moment; still busy past the retries, the order fails and the customer who paid and
 * got nothing is refunded automatically.
 */
describe.each(dialects())('an order waiting for a busy machine when its app closes, on %s', (dialect) => {
  let t: TestApp;
  let later: Array<Awaited<ReturnType<typeof buildApp>>>;
  let sn: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    later = [];
    calmSandbox(t);
    const owner = await mainAccount(t, '13900000852');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 100);
    const area = await addArea(t, owner, 'North');
    const store = await addStore(t, owner, area, 'Mall', 'auto');
    sn = '86000001';
    await standingMachine(t, owner, { sn, areaId: area, storeId: store, goods: [cola] });
  });
  afterEach(async () => {
    for (const app of later) await app.app.close();
    await t.close();
  });

  /** A machine behind an app's commander: refuses vends as busy while `busy`, else delivers and reports it. */
  function machineOf(services: Services, state: { busy: boolean; sent: string[]; vended: string[] }) {
    const commander = services.devices.commander;
    (commander as unknown as { run: unknown }).run = async (
      device: { sn: string },
      name: string,
      args: { order: string; payment: 'wechat'; items: Array<{ slot: number; quantity: number }> },
    ) => {
      if (name !== 'vend') return { status: 'acked', result: {}, latencyMs: 1 };
      state.sent.push(args.order);
      if (state.busy) return { status: 'refused', code: 'busy', msg: 'busy' };
      state.vended.push(args.order);
      const items = args.items.map((i) => ({ ...i, delivered: i.quantity, fault: 0 }));
      const event = {
        v: PROTOCOL_VERSION,
        id: `busy-${state.vended.length}-${args.order}`,
        at: t.clock.now,
        type: 'delivery',
        data: { order: args.order, payment: args.payment, items },
      } as const;
      await services.devices.events.record(device.sn, event, t.clock.now);
      return { status: 'acked', result: { items }, latencyMs: 1 };
    };
  }

  /** The first app: the customer pays, the machine is busy, and the app closes while the order waits. */
  async function paidWhileBusy() {
    const first = { busy: true, sent: [] as string[], vended: [] as string[] };
    machineOf(t.services, first);
    const order = await customerPays(t, sn, 1);
    await t.services.orders.sandbox!.flush();
    await eventually(async () => expect((await orderRow(t, order.order_no)).vend_busy).toBe(1));
    await t.app.close();
    const waiting = await orderRow(t, order.order_no);
    expect(waiting).toMatchObject({
      status: 1,
      vend_attempts: 1,
      vend_busy: 1,
      vend_retry_at: t.clock.now + BUSY_WAIT_MS,
      refund_reserved: 0,
    });
    expect(first.sent).toEqual([order.order_no]);
    return order;
  }

  async function nextApp() {
    const built = await buildApp({ config: t.config, db: t.db, clock: t.clock.read });
    later.push(built);
    calmSandbox({ services: built.services } as TestApp);
    return built;
  }

  it('resumes it in the next app: the machine, free now, vends it once', async () => {
    const order = await paidWhileBusy();
    // Two apps on the database find the retry due at the same moment: one claims it, one vend goes out.
    const [b, c] = [await nextApp(), await nextApp()];
    const machine = { busy: false, sent: [] as string[], vended: [] as string[] };
    machineOf(b.services, machine);
    machineOf(c.services, machine);
    // Not due yet: nothing is sent before its time.
    expect((await b.services.orders.jobs.tick()).retried).toBe(0);
    t.clock.advance(BUSY_WAIT_MS);
    const reports = await Promise.all([b.services.orders.jobs.tick(), c.services.orders.jobs.tick()]);
    await Promise.all([b.services.orders.idle(), c.services.orders.idle()]);
    expect(reports.reduce((n, r) => n + r.retried, 0)).toBeGreaterThanOrEqual(1);
    expect(machine.vended).toEqual([order.order_no]);
    expect(await orderRow(t, order.order_no)).toMatchObject({
      status: 3,
      vend_attempts: 1,
      vend_retry_at: null,
      refund_fee: 0,
    });
    // Later ticks find nothing more to send.
    t.clock.advance(60_000);
    expect((await b.services.orders.jobs.tick()).retried).toBe(0);
    await b.services.orders.idle();
    expect(machine.sent).toEqual([order.order_no]);
    const written = await t.db.kysely
      .selectFrom('stock_records')
      .select('quantity')
      .where('order_no', '=', order.order_no)
      .execute();
    expect(written).toEqual([{ quantity: 1 }]);
  });

  it('refunds it automatically when the machine is still busy past the retries', async () => {
    const order = await paidWhileBusy();
    const b = await nextApp();
    const machine = { busy: true, sent: [] as string[], vended: [] as string[] };
    machineOf(b.services, machine);
    t.clock.advance(BUSY_WAIT_MS);
    expect((await b.services.orders.jobs.tick()).retried).toBe(1);
    await b.services.orders.idle();
    await b.services.orders.sandbox!.flush();
    await b.services.orders.idle();
    // The first app asked once; the next one asked the retries that were left, and no more.
    expect(machine.sent).toEqual(Array.from({ length: BUSY_RETRIES }, () => order.order_no));
    expect(machine.vended).toEqual([]);
    expect(await orderRow(t, order.order_no)).toMatchObject({
      status: 8,
      goods_err: 'refused',
      vend_busy: BUSY_RETRIES,
      vend_retry_at: null,
      refund_fee: 300,
      refund_reserved: 300,
    });
    const refunds = await t.db.kysely
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.kind', 'refunds.status', 'refunds.amount'])
      .where('orders.order_no', '=', order.order_no)
      .execute();
    expect(refunds).toEqual([{ kind: 'auto', status: 'success', amount: 300 }]);
  });
});
