import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import { buildApp } from '../../app';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount } from '../catalog/catalog-testing';
import { ORDER_NUMBER_NODES, OrderNumbers } from './order-numbers';

/*
 * Issue 12: order numbers (time + six random digits) collided in bursts, and a machine sale whose number was
 * taken was refused. Now they are unique by construction: node slot + a counter per second (order-numbers.ts).
 */
describe.each(dialects())('order numbers on %s', (dialect) => {
  let t: TestApp;
  const quiet = { error: () => undefined };
  const generators: OrderNumbers[] = [];

  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    for (const g of generators.splice(0)) await g.close();
    await t.close();
  });

  /** Another process's generator on the same database (renewed by hand). */
  async function otherProcess(clock = t.clock.read): Promise<OrderNumbers> {
    const g = await OrderNumbers.start({
      db: t.db.kysely,
      clock,
      timeZone: t.config.timeZone,
      log: quiet,
      timer: false,
    });
    generators.push(g);
    return g;
  }

  /** Every slot but these is held by a running process elsewhere. */
  async function holdAllBut(free: number[]): Promise<void> {
    await t.db.kysely
      .updateTable('order_number_nodes')
      .set({ holder: 'elsewhere', expires_at: t.clock.now + 86_400_000 })
      .where('node', 'not in', free)
      .execute();
  }

  it('makes 10,000 different numbers in one millisecond, in the format orders always had', () => {
    const numbers = t.services.orders.numbers;
    const at = t.clock.now; // 2026-11-22 10:00:00 in Asia/Shanghai
    expect(t.config.timeZone).toBe('Asia/Shanghai');
    const node = String(numbers.node).padStart(2, '0');
    const made = Array.from({ length: 10_000 }, () => numbers.next(at));
    expect(new Set(made).size).toBe(10_000);
    // 'V' + the local time to the second + node + counter: 21 characters, all of this second.
    const format = new RegExp(`^V20261122100000${node}\\d{4}$`);
    expect(made.filter((n) => !format.test(n))).toEqual([]);
    expect(made[0]).toBe(`V20261122100000${node}0000`);
    expect(made[9_999]).toBe(`V20261122100000${node}9999`);
    // The 10,001st takes the next second; other kinds share the counter.
    expect(numbers.next(at)).toBe(`V20261122100001${node}0000`);
    expect(numbers.next(at, 'RF')).toBe(`RF20261122100001${node}0001`);
    expect(numbers.next(at + 999, 'M')).toBe(`M20261122100001${node}0002`);
  });

  it('makes different numbers in two apps on one database, at the same moment', async () => {
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock.read });
    try {
      const [a, b] = [t.services.orders.numbers, second.services.orders.numbers];
      expect(a.node).not.toBe(b.node);
      const at = t.clock.now;
      const made = [
        ...Array.from({ length: 10_000 }, () => a.next(at)),
        ...Array.from({ length: 10_000 }, () => b.next(at)),
      ];
      expect(new Set(made).size).toBe(20_000);

      // Machine cash sales reported to both apps in the same millisecond: every one becomes an order.
      const owner = await mainAccount(t, '13900000853');
      await addMachine(t, {
        merchantId: owner.merchantId,
        sn: '86000002',
        areaId: null,
        storeId: null,
        shelves: [{ channel_sn: 1, goods_id: null, quantity: 1_000, capacity: 1_000 }],
      });
      const sale = (i: number): MachineEvent => ({
        v: PROTOCOL_VERSION,
        id: `burst-${i}`,
        at,
        type: 'cash_sale',
        data: {
          payment: 'coin',
          amount: 100,
          items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }],
        },
      });
      const apps = [t.services, second.services];
      const outcomes = await Promise.all(
        Array.from({ length: 300 }, (_, i) => apps[i % 2]!.devices.events.record('86000002', sale(i), at)),
      );
      expect(outcomes.every((o) => o === 'stored')).toBe(true);
      const orders = await t.db.kysely.selectFrom('orders').select('order_no').execute();
      expect(new Set(orders.map((o) => o.order_no)).size).toBe(300);
    } finally {
      await second.app.close();
    }
  });

  it('never shares a second with the process before on its slot, even one that stalled and still runs', async () => {
    const at = t.clock.now;
    const mine = t.services.orders.numbers.node;
    const spare = (mine + 1) % ORDER_NUMBER_NODES;
    const other = (mine + 2) % ORDER_NUMBER_NODES;
    await holdAllBut([spare]);
    const stalled = await otherProcess();
    expect(stalled.node).toBe(spare);
    const made = Array.from({ length: 500 }, () => stalled.next(at));

    // It stops renewing; its lease runs out and the next process takes its slot.
    t.clock.advance(61_000);
    const next = await otherProcess();
    expect(next.node).toBe(spare);
    const first = next.next(at);
    // It starts after everything the stalled one reserved (ten minutes past its start): later than asked for.
    expect(first).toBe(`V20261122101001${String(spare).padStart(2, '0')}0000`);
    made.push(first, ...Array.from({ length: 500 }, () => next.next(at)));
    // The stalled process wakes up and goes on within what it reserved.
    made.push(...Array.from({ length: 500 }, () => stalled.next(at)));
    // Renewing tells it the slot is gone: it takes a free one and goes on there.
    await t.db.kysely
      .updateTable('order_number_nodes')
      .set({ expires_at: 0 })
      .where('node', '=', other)
      .execute();
    await stalled.renew();
    expect(stalled.node).toBe(other);
    made.push(...Array.from({ length: 500 }, () => stalled.next(at)));
    expect(new Set(made).size).toBe(made.length);
  });

  it('hands its slot on when it closes, right after the last second it used', async () => {
    const mine = t.services.orders.numbers.node;
    const spare = (mine + 1) % ORDER_NUMBER_NODES;
    await holdAllBut([spare]);
    const closing = await otherProcess();
    const at = t.clock.now;
    const last = Array.from({ length: 3 }, (_, i) => closing.next(at + i * 1000)).pop()!;
    await closing.close();
    expect(() => closing.next(at)).toThrow('closed');
    const next = await otherProcess();
    expect(next.node).toBe(spare);
    // Asked for an earlier time, it stamps the first second after the last one its predecessor used.
    expect(last).toBe(`V20261122100002${String(spare).padStart(2, '0')}0000`);
    expect(next.next(at)).toBe(`V20261122100003${String(spare).padStart(2, '0')}0000`);
  });
});
