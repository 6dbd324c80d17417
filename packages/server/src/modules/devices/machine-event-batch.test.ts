import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount } from '../catalog/catalog-testing';

/** Group commit (decision 024): many machine events in one transaction, each stored once, a bad one alone. */
describe.each(dialects())('machine events in batches (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await mainAccount(t, '13900000861');
    await addMachine(t, {
      merchantId: owner.merchantId,
      sn: '86000009',
      areaId: null,
      storeId: null,
      shelves: [{ channel_sn: 1, goods_id: null, quantity: 100, capacity: 100 }],
    });
  });
  afterEach(() => t.close());

  const sale = (id: string): MachineEvent => ({
    v: PROTOCOL_VERSION,
    id,
    at: t.clock.now,
    type: 'cash_sale',
    data: { payment: 'coin', amount: 100, items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
  });
  const stored = async () => {
    const orders = await t.db.kysely.selectFrom('orders').select('event_id').orderBy('event_id').execute();
    const shelf = await t.db.kysely
      .selectFrom('channels')
      .innerJoin('devices', 'devices.id', 'channels.device_id')
      .select('channels.quantity')
      .where('devices.sn', '=', '86000009')
      .where('channels.position', '=', 1)
      .executeTakeFirstOrThrow();
    return { orders: orders.map((o) => o.event_id), left: shelf.quantity };
  };

  it('stores a batch in one go; an event whose effects fail is rolled back alone and stored on its resend', async () => {
    const { events } = t.services.devices;
    const { sales } = t.services.orders;
    const kicked: string[] = [];
    events.attach({
      async apply(trx, device, event, now) {
        if (event.id === 'bad') {
          // Half of its work is done when it fails: that half must go too.
          await sales.apply(trx, device, event, now);
          throw new Error('effects failed');
        }
        await sales.apply(trx, device, event, now);
        return () => kicked.push(event.id);
      },
    });
    const batch = ['a', 'bad', 'a', 'c'].map((id) => ({ sn: '86000009', event: sale(id) }));
    batch.push({ sn: '99999999', event: sale('nobody') });
    const results = await events.recordBatch(batch, t.clock.now);
    expect(results.map((r) => r.outcome)).toEqual([
      'stored',
      'failed',
      'duplicate',
      'stored',
      'unknown_device',
    ]);
    expect(await stored()).toEqual({ orders: ['a', 'c'], left: 98 });
    // Work left for after the commit ran for the stored events only.
    expect(kicked).toEqual(['a', 'c']);

    events.attach(sales);
    const again = await events.recordBatch([{ sn: '86000009', event: sale('bad') }, batch[0]!], t.clock.now);
    expect(again.map((r) => r.outcome)).toEqual(['stored', 'duplicate']);
    expect(await stored()).toEqual({ orders: ['a', 'bad', 'c'], left: 97 });
  });

  it('straight through, tells a resend and a second copy in the same batch from a new event (events inserted first)', async () => {
    const { events } = t.services.devices;
    expect((await events.recordBatch([{ sn: '86000009', event: sale('a') }], t.clock.now))[0]?.outcome).toBe(
      'stored',
    );
    const batch = ['b', 'a', 'b', 'c'].map((id) => ({ sn: '86000009', event: sale(id) }));
    batch.splice(1, 0, { sn: '99999999', event: sale('b') });
    const results = await events.recordBatch(batch, t.clock.now);
    expect(results.map((r) => r.outcome)).toEqual([
      'stored',
      'unknown_device',
      'duplicate',
      'duplicate',
      'stored',
    ]);
    expect(await stored()).toEqual({ orders: ['a', 'b', 'c'], left: 97 });
    const rows = await t.db.kysely.selectFrom('device_events').select('event_id').orderBy('id').execute();
    expect(rows.map((r) => r.event_id)).toEqual(['a', 'b', 'c']);
  });
});
