import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimMachine } from '@vendo/device-sim/machine';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDb } from '../../db/create-db';
import { migrateToLatest } from '../../db/migrate';
import { sessionHeaders, signUpMerchant } from '../../testing/accounts';
import type { TestApp } from '../../testing/test-app';
import { eventually } from '../devices/device-fixtures';
import { WECHAT_UA } from './order-fixtures';

/*
 * The crash test of issue 5: a real server process (vendo serve on a SQLite file, embedded broker) is killed
 * with SIGKILL in the middle of a stream of machine cash sales and customer payments, then started again. The
 * machine resends what was not acknowledged, the jobs ask the payment channel about notifications lost with the
 * process: afterwards every sale is there exactly once and the shelf was counted down once per unit.
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

describe('a server killed mid-stream', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-crash-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses no sale and doubles none', async () => {
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

    // The merchant, a store and a machine with 200 colas on shelf 1, made in this process on the same file.
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
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
        cwd: serverDir,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      proc.stderr?.on('data', () => undefined);
      await eventually(async () => {
        const r = await fetch(`http://127.0.0.1:${port}/p/v1/health`, { method: 'POST' });
        expect(r.status).toBe(200);
      }, 20_000);
      return proc;
    };
    child = await start();

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

    const cash = new Set<string>();
    const customers: string[] = [];
    const post = async (p: string, body: unknown, h: Record<string, string> = {}) => {
      const r = await fetch(`http://127.0.0.1:${port}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...h },
        body: JSON.stringify(body),
      });
      return r.json() as Promise<{ rcode: number; result: Record<string, string> }>;
    };
    const stream = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const event = sim.sellForCash(1, 300, i % 2 ? 'coin' : 'bill');
        if (event) cash.add(event.id);
        try {
          const order = await post(
            '/p/v1/buy/createOrder',
            { sn: device!.sn, channel_sn: 1 },
            { 'user-agent': WECHAT_UA },
          );
          if (order.rcode === 0) {
            customers.push(order.result['order_no']!);
            await post('/p/v1/sandboxPay/pay', {
              tx: order.result['pay_url']!.split('/').pop(),
              action: 'pay',
            });
          }
        } catch {
          // The server is down: the customer walks away; the machine keeps its cash sale until it is back.
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };

    await stream(12);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await stream(5);
    child = await start();
    await eventually(async () => {
      const machine = await post('/p/v1/buy/getMachine', { sn: device!.sn });
      expect(machine.result['online']).toBe(true);
    }, 15_000);
    await stream(12);

    // Everything settles: the machine's events are all acknowledged, every paid order has its result.
    const check = await createDb({ sqliteFile: path.join(dir, 'vendo.sqlite') });
    try {
      await eventually(() => expect(sim.pendingEvents).toBe(0), 30_000);
      await eventually(async () => {
        const open = await check.kysely
          .selectFrom('orders')
          .innerJoin('sandbox_pay_transactions', 'sandbox_pay_transactions.out_trade_no', 'orders.order_no')
          .select('orders.order_no')
          .where('sandbox_pay_transactions.state', '=', 'paid')
          .where('orders.status', 'in', [0, 1, 2])
          .execute();
        expect(open).toEqual([]);
      }, 40_000);

      const orders = await check.kysely.selectFrom('orders').selectAll().execute();
      // Every cash sale exactly once.
      const cashOrders = orders.filter((o) => o.client === 'coin' || o.client === 'bill');
      expect(cashOrders.map((o) => o.event_id).sort()).toEqual([...cash].sort());
      // Every customer order exactly once; the paid ones delivered (or failed/abnormal, never lost).
      expect(
        orders
          .filter((o) => o.source === 'customer')
          .map((o) => o.order_no)
          .sort(),
      ).toEqual([...customers].sort());
      const events = await check.kysely.selectFrom('device_events').select(['event_id']).execute();
      expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
      // One write-off per unit that left the machine, and the server counts what the machine holds.
      const delivered = orders.length
        ? await check.kysely
            .selectFrom('order_items')
            .select((eb) => eb.fn.sum<number>('delivered').as('n'))
            .executeTakeFirstOrThrow()
        : { n: 0 };
      const written = await check.kysely
        .selectFrom('stock_records')
        .select((eb) => eb.fn.sum<number>('quantity').as('n'))
        .where('stock_type', '=', 3)
        .executeTakeFirstOrThrow();
      const row = await check.kysely
        .selectFrom('channels')
        .select('quantity')
        .where('position', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(written.n)).toBe(Number(delivered.n));
      expect(row.quantity).toBe(200 - Number(delivered.n));
      expect(sim.state.shelves.get(1)?.quantity).toBe(row.quantity);
      expect(cash.size).toBeGreaterThan(20);
      // Customers paid before the crash and after it.
      expect(customers.length).toBeGreaterThan(15);
      const delivered3 = orders.filter((o) => o.source === 'customer' && o.status === 3);
      expect(delivered3.length).toBeGreaterThan(10);
    } finally {
      await sim.stop({ graceful: false });
      await check.destroy();
    }
  }, 120_000);
});
