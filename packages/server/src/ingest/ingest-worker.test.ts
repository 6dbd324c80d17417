import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import type { SimMachine } from '@vendo/device-sim/machine';
import { createTestApp, type TestApp } from '../testing/test-app';
import { addMachine, mainAccount, type Caller } from '../modules/catalog/catalog-testing';
import { brokerEnv, eventually, runGateway } from '../modules/devices/device-fixtures';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  orderRow,
  sellingMachine,
} from '../modules/orders/order-fixtures';
import { IngestWorker } from './ingest-client';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * Decision 055: on a SQLite file the gateway stores machine events, presence and reports through a worker
 * thread with its own connection. The same exactly-once rules as in process; a dying worker is a failed commit.
 */
describe('the ingest worker (SQLite file)', () => {
  let dir: string;
  let t: TestApp;
  let owner: Caller;
  const sn = '86000055';

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-ingest-'));
    t = await createTestApp('sqlite', brokerEnv('embedded'), { sqliteFile: path.join(dir, 'vendo.sqlite') });
    owner = await mainAccount(t, '13900000855');
    await addMachine(t, {
      merchantId: owner.merchantId,
      sn,
      areaId: null,
      storeId: null,
      shelves: [{ channel_sn: 1, goods_id: null, quantity: 500, capacity: 500 }],
    });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const sale = (id: string): MachineEvent => ({
    v: PROTOCOL_VERSION,
    id,
    at: t.clock.now,
    type: 'cash_sale',
    data: { payment: 'coin', amount: 100, items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
  });
  const orders = async () =>
    (
      await t.db.kysely.selectFrom('orders').select(['event_id', 'order_no']).orderBy('event_id').execute()
    ).map((o) => o.event_id);
  const shelf = async () =>
    (
      await t.db.kysely
        .selectFrom('channels')
        .innerJoin('devices', 'devices.id', 'channels.device_id')
        .select('channels.quantity')
        .where('devices.sn', '=', sn)
        .executeTakeFirstOrThrow()
    ).quantity;

  it('stores a batch on its own thread, once per event, with its own order-number slot', async () => {
    const store = t.services.devices.gatewayEvents;
    expect(store).toBeInstanceOf(IngestWorker);
    const worker = store as IngestWorker;
    const results = await worker.recordBatch(
      [
        { sn, event: sale('a') },
        { sn, event: sale('b') },
        { sn, event: sale('a') },
        { sn: '99999999', event: sale('c') },
      ],
      t.clock.now,
    );
    expect(results.map((r) => r.outcome)).toEqual(['stored', 'stored', 'duplicate', 'unknown_device']);
    expect(worker.threadId).not.toBeNull();
    expect(worker.threadId).not.toBe(threadId);
    // Committed before the answer: this thread's connection reads the rows at once.
    expect(await orders()).toEqual(['a', 'b']);
    expect(await shelf()).toBe(498);
    const again = await worker.recordBatch([{ sn, event: sale('b') }], t.clock.now);
    expect(again.map((r) => r.outcome)).toEqual(['duplicate']);
    expect(await shelf()).toBe(498);

    // Two holders of number slots (this process's and the worker's), so their order numbers never collide.
    const holders = await t.db.kysely
      .selectFrom('order_number_nodes')
      .select(['node', 'holder'])
      .where('holder', '!=', '')
      .execute();
    expect(new Set(holders.map((h) => h.holder)).size).toBe(2);
    const mainNode = t.services.orders.numbers.node;
    const [made] = await t.db.kysely.selectFrom('orders').select('order_no').limit(1).execute();
    const nodeOf = (orderNo: string) => Math.floor(Number(orderNo.slice(-6)) / 10_000);
    expect(holders.map((h) => h.node)).toContain(nodeOf(made!.order_no));
    expect(nodeOf(made!.order_no)).not.toBe(mainNode);

    // Presence goes through the worker too: the main thread sees the machine online.
    expect(await worker.presence(sn, { v: PROTOCOL_VERSION, online: true, conn: 'c1' }, t.clock.now)).toBe(
      'online',
    );
    const device = await t.db.kysely
      .selectFrom('devices')
      .select(['alive', 'conn_id'])
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ alive: 1, conn_id: 'c1' });
    expect(await worker.markAllOffline(t.clock.now)).toBe(1);
  });

  it('treats a worker that dies as a failed commit: nothing answered, the resend stores each sale once', async () => {
    const worker = new IngestWorker({
      file: path.join(dir, 'vendo.sqlite'),
      timeZone: t.config.timeZone,
      log: quiet,
      restartBackoffMs: 0,
    });
    try {
      await worker.recordBatch([{ sn, event: sale('warm') }], t.clock.now);
      const batch = Array.from({ length: 200 }, (_, i) => ({ sn, event: sale(`s${i}`) }));
      const lost = worker.recordBatch(batch, t.clock.now);
      await worker.terminate();
      await expect(lost).rejects.toThrow(/ingest worker stopped/);
      // A new worker takes the resend; whatever the dead one committed answers duplicate.
      const resent = await worker.recordBatch(batch, t.clock.now);
      expect(resent.every((r) => r.outcome === 'stored' || r.outcome === 'duplicate')).toBe(true);
      const stored = await orders();
      expect(stored).toHaveLength(201);
      expect(new Set(stored).size).toBe(201);
      expect(await shelf()).toBe(500 - 201);
    } finally {
      await worker.close();
    }
    await expect(worker.recordBatch([{ sn, event: sale('late') }], t.clock.now)).rejects.toThrow(/closed/);
    // The closed worker gave its number slot back (the killed one's lease runs out as a dead process's would).
    const given = await t.db.kysely
      .selectFrom('order_number_nodes')
      .select('holder')
      .where('holder', '!=', '')
      .where('expires_at', '=', 0)
      .execute();
    expect(given).toHaveLength(1);
  });

  it("sends the automatic refund a worker's sale reserved at once, without waiting for the refund job", async () => {
    calmSandbox(t);
    const gw = await runGateway(t);
    const sims: SimMachine[] = [];
    try {
      const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
      const store = await addStore(t, owner, await addArea(t, owner, 'North'), 'Mall', 'auto');
      const { device } = await sellingMachine(t, gw, owner, {
        store,
        goodsId: cola,
        sims,
        sim: { faultRate: 1, random: () => 0 },
      });
      const order = await customerPays(t, device.sn, 1);
      // The failed delivery is stored by the worker, which reserves the refund; the refund job never runs
      // here, so only the worker's "refunds due" sends it to the channel.
      await eventually(async () => {
        const row = await orderRow(t, order.order_no);
        expect(row.goods_err).toBe('1');
        const refund = await t.db.kysely
          .selectFrom('refunds')
          .select(['refunds.kind', 'refunds.status'])
          .innerJoin('orders', 'orders.id', 'refunds.order_id')
          .where('orders.order_no', '=', order.order_no)
          .executeTakeFirstOrThrow();
        expect(refund.kind).toBe('auto');
        expect(refund.status).not.toBe('pending');
      });
    } finally {
      await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
      await t.services.orders.idle();
      await gw.close();
    }
  });
});
