import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import { writeBehindOf, type WriteQueue } from '../../db/write-behind';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount } from '../catalog/catalog-testing';
import { addGoods } from '../orders/order-fixtures';

/**
 * Decision 051: inside a batch the sales' orders, items, stock logs and sold counts are written as multi-row
 * statements before the commit; each sale's rows are the same as written one by one, and a failure found only
 * when they are written still fails its own event alone.
 */
describe.each(dialects())('machine sales written behind, many rows at once (%s)', (dialect) => {
  let t: TestApp;
  let goodsId: number;
  const SN = '86000051';
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await mainAccount(t, '13900000851');
    goodsId = await addGoods(t, owner.merchantId, 'Cola', 300, 100);
    await addMachine(t, {
      merchantId: owner.merchantId,
      sn: SN,
      areaId: null,
      storeId: null,
      shelves: [
        { channel_sn: 1, goods_id: goodsId, quantity: 1000, capacity: 1000 },
        { channel_sn: 2, goods_id: null, quantity: 1000, capacity: 1000 },
      ],
    });
  });
  afterEach(() => t.close());

  const sale = (id: string, slot = 1, quantity = 1): MachineEvent => ({
    v: PROTOCOL_VERSION,
    id,
    at: t.clock.now,
    type: 'cash_sale',
    data: {
      payment: 'coin',
      amount: 300 * quantity,
      items: [{ slot, quantity, delivered: quantity, fault: 0 }],
    },
  });
  const delivery = (id: string, order: string): MachineEvent => ({
    v: PROTOCOL_VERSION,
    id,
    at: t.clock.now,
    type: 'delivery',
    data: {
      order,
      payment: 'card',
      amount: 300,
      card: 'C1',
      items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }],
    },
  });

  const stored = async () => {
    const k = t.db.kysely;
    const orders = await k
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.event_id', 'orders.order_no', 'order_items.quantity', 'order_items.position'])
      .orderBy('orders.id')
      .execute();
    const records = await k
      .selectFrom('stock_records')
      .select(['order_no', 'quantity'])
      .where('sn', '=', SN)
      .orderBy('id')
      .execute();
    const goods = await k
      .selectFrom('goods')
      .select('sold')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    const shelves = await k
      .selectFrom('channels')
      .innerJoin('devices', 'devices.id', 'channels.device_id')
      .select(['channels.position', 'channels.quantity'])
      .where('devices.sn', '=', SN)
      .orderBy('channels.position')
      .execute();
    return { orders, records, sold: Number(goods.sold), shelves: shelves.map((s) => s.quantity) };
  };

  it('stores 70 sales and a delivery of one batch with their items, stock logs and sold counts, once', async () => {
    const { events } = t.services.devices;
    // 70 rows: chunks of 64, 4, 1 and 1; a delivery in the middle reads orders, so what is queued goes first.
    const batch = Array.from({ length: 70 }, (_, i) => ({
      sn: SN,
      event: i === 35 ? delivery('d35', 'R0000000000035') : sale(`s${i}`, i % 7 === 0 ? 2 : 1, 1 + (i % 3)),
    }));
    batch.push({ sn: SN, event: sale('s3') });
    const results = await events.recordBatch(batch, t.clock.now);
    expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(70);
    expect(results.at(-1)?.outcome).toBe('duplicate');

    const { orders, records, sold, shelves } = await stored();
    expect(orders).toHaveLength(70);
    const byEvent = new Map(orders.map((o) => [o.event_id, o]));
    let fromGoods = 0;
    let fromEmpty = 0;
    for (const [i, { event }] of batch.slice(0, 70).entries()) {
      const order = byEvent.get(event.id);
      expect(order, event.id).toBeDefined();
      const item =
        event.type === 'delivery'
          ? event.data.items[0]!
          : event.type === 'cash_sale'
            ? event.data.items[0]!
            : null;
      // The item belongs to its own order: same slot and quantity as the event said.
      expect([order!.position, order!.quantity], event.id).toEqual([item!.slot, item!.quantity]);
      if (item!.slot === 1) fromGoods += item!.quantity;
      else fromEmpty += item!.quantity;
      if (i === 35) expect(order!.order_no).toBe('R0000000000035');
    }
    // A stock log per sale of goods, naming its order; the goods' count is the sum.
    expect(records).toHaveLength(orders.filter((o) => o.position === 1).length);
    const orderNos = new Set(orders.filter((o) => o.position === 1).map((o) => o.order_no));
    expect(new Set(records.map((r) => r.order_no))).toEqual(orderNos);
    expect(records.reduce((sum, r) => sum + r.quantity, 0)).toBe(fromGoods);
    expect(sold).toBe(fromGoods);
    expect(shelves).toEqual([1000 - fromGoods, 1000 - fromEmpty]);

    // The same batch again: every event a duplicate, nothing written twice.
    const again = await events.recordBatch(batch, t.clock.now);
    expect(again.every((r) => r.outcome === 'duplicate')).toBe(true);
    expect(await stored()).toEqual({ orders, records, sold, shelves });
  });

  it('fails alone an event whose queued rows fail when written, and stores the others once', async () => {
    const { events } = t.services.devices;
    const { sales } = t.services.orders;
    const failing: WriteQueue<number> = {
      write() {
        return Promise.reject(new Error('row refused'));
      },
    };
    events.attach({
      async apply(trx, device, event, now) {
        const after = await sales.apply(trx, device, event, now);
        if (event.id === 'bad') {
          // Straight through the failure shows only at the flush; in its savepoint it fails at once.
          const writes = writeBehindOf(trx);
          if (writes) writes.add(failing, 1);
          else throw new Error('row refused');
        }
        return after;
      },
    });
    const batch = ['a', 'bad', 'c'].map((id) => ({ sn: SN, event: sale(id) }));
    const results = await events.recordBatch(batch, t.clock.now);
    expect(results.map((r) => r.outcome)).toEqual(['stored', 'failed', 'stored']);
    const { orders, records, sold, shelves } = await stored();
    expect(orders.map((o) => o.event_id)).toEqual(['a', 'c']);
    expect(records).toHaveLength(2);
    expect(sold).toBe(2);
    expect(shelves).toEqual([998, 1000]);
  });
});
