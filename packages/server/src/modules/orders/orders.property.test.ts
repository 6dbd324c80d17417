import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveredItem } from '@vendo/contract/device-protocol';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, type Caller } from '../catalog/catalog-testing';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  item,
  machineEvent,
  settle,
  standingMachine,
} from './order-fixtures';
import type { SalesGroup } from './analysis-sums';
import { OrderStats } from './order-stats';

/*
 * Random sequences of payments, notifications (late, repeated, forged), machine reports (resent) and refunds
 * (repeated, racing), against the real services and database. After every sequence: no order doubled or lost,
 * a paid order is one the channel took money for, refunds never above the amount and matching the channel's,
 * and the shelf counted down exactly once per unit that left it.
 */

type Action =
  | { kind: 'buy'; pay: boolean }
  | { kind: 'notify'; i: number; times: number }
  | { kind: 'forge'; i: number; how: 'signature' | 'amount' | 'stale' | 'order' }
  | { kind: 'wait'; ms: number }
  | { kind: 'report'; i: number; ok: boolean; resend: boolean }
  | { kind: 'cash'; resend: boolean }
  | { kind: 'refund'; i: number; part: boolean; fee: number; racing: boolean; offline: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      pay: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('notify' as const),
      i: fc.nat(20),
      times: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('forge' as const),
      i: fc.nat(20),
      how: fc.constantFrom('signature' as const, 'amount' as const, 'stale' as const, 'order' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(1_000, 4_000, 11_000, 130_000),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      i: fc.nat(20),
      ok: fc.boolean(),
      resend: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cash' as const), resend: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      i: fc.nat(20),
      part: fc.boolean(),
      fee: fc.integer({ min: 0, max: 400 }),
      racing: fc.boolean(),
      offline: fc.boolean(),
    }),
  },
);

interface World {
  t: TestApp;
  owner: Caller;
  sn: string;
  orders: Array<{ order_no: string; tx: string }>;
  vends: Map<string, { order: string; payment: string; items: Array<{ slot: number; quantity: number }> }>;
  cashEvents: Set<string>;
}

async function world(
  dialect: 'sqlite' | 'postgres',
  refundMode: 'auto' | 'manual',
  refundFail: boolean,
): Promise<World> {
  const t = await createTestApp(dialect);
  calmSandbox(t, { autoNotify: false, refundFailRate: refundFail ? 0.5 : 0 });
  const owner = await mainAccount(t, '13900000831');
  const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
  const area = await addArea(t, owner, 'North');
  const store = await addStore(t, owner, area, 'Mall', refundMode);
  await standingMachine(t, owner, {
    sn: '72001',
    areaId: area,
    storeId: store,
    goods: [cola],
    quantity: 200,
  });
  const w: World = { t, owner, sn: '72001', orders: [], vends: new Map(), cashEvents: new Set() };
  // The machine takes every vend and reports it only when the sequence says so.
  const commander = t.services.devices.commander as unknown as {
    run: (...args: unknown[]) => Promise<unknown>;
  };
  commander.run = async (_device: unknown, name: unknown, args: unknown) => {
    if (name === 'vend') {
      const vend = args as {
        order: string;
        payment: string;
        items: Array<{ slot: number; quantity: number }>;
      };
      w.vends.set(vend.order, vend);
      return {
        status: 'acked',
        result: { items: vend.items.map((i) => ({ ...i, delivered: i.quantity, fault: 0 })) },
        latencyMs: 1,
      };
    }
    return { status: 'acked', result: {}, latencyMs: 1 };
  };
  return w;
}

async function perform(w: World, a: Action): Promise<void> {
  const { t } = w;
  const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
  switch (a.kind) {
    case 'buy': {
      const order = await customerPays(t, w.sn, 1, { pay: a.pay });
      w.orders.push({ order_no: order.order_no, tx: order.tx });
      return;
    }
    case 'notify': {
      const order = pick(w.orders, a.i);
      const notice = order && (await t.services.orders.sandbox!.paymentNotice(order.order_no));
      if (!notice) return;
      for (let k = 0; k < a.times; k++) {
        await t.app.inject({
          method: 'POST',
          url: `/p/v1/pay/notify/${notice.channel}`,
          headers: notice.headers,
          payload: notice.body,
        });
      }
      return;
    }
    case 'forge': {
      const order = pick(w.orders, a.i);
      if (!order) return;
      const sandbox = t.services.orders.sandbox!;
      const real = await sandbox.queryPayment('wechat', order.order_no);
      const body = {
        type: 'payment' as const,
        ...real!,
        state: 'paid' as const,
        paidAt: t.clock.now,
        payer: 'forger',
      };
      let notice = sandbox.signed('wechat', body);
      if (a.how === 'signature')
        notice = { ...notice, headers: { ...notice.headers, 'x-sandbox-signature': 'f'.repeat(64) } };
      // Signed by the channel's key, but for another amount: refused all the same.
      if (a.how === 'amount') notice = sandbox.signed('wechat', { ...body, amount: real!.amount + 1 });
      if (a.how === 'order') notice = sandbox.signed('wechat', { ...body, outTradeNo: 'V-not-ours' });
      if (a.how === 'stale') {
        t.clock.advance(-11 * 60_000);
        notice = sandbox.signed('wechat', body);
        t.clock.advance(11 * 60_000);
      }
      const before = await t.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('order_no', '=', order.order_no)
        .executeTakeFirstOrThrow();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/p/v1/pay/notify/wechat',
        headers: notice.headers,
        payload: notice.body,
      });
      await settle(t);
      const after = await t.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('order_no', '=', order.order_no)
        .executeTakeFirstOrThrow();
      // A forged body is refused by its signature (or its timestamp); a signed one for the wrong amount is refused.
      if (a.how !== 'order') expect(answer.statusCode).toBe(400);
      expect({ ...after, updated_at: 0, query_at: 0 }).toEqual({ ...before, updated_at: 0, query_at: 0 });
      return;
    }
    case 'wait':
      t.clock.advance(a.ms);
      await t.services.orders.jobs.tick();
      return;
    case 'report': {
      const vend = pick([...w.vends.values()], a.i);
      if (!vend) return;
      const items: DeliveredItem[] = vend.items.map((i) =>
        item(i.slot, a.ok ? i.quantity : 0, a.ok ? 0 : 1, i.quantity),
      );
      const id = `rep-${vend.order}-${a.ok ? 'ok' : 'f'}`;
      const data = { order: vend.order, payment: vend.payment as 'wechat', items };
      await machineEvent(t, w.sn, { id, type: 'delivery', data });
      if (a.resend) await machineEvent(t, w.sn, { id, type: 'delivery', data });
      return;
    }
    case 'cash': {
      const { id } = await machineEvent(t, w.sn, {
        type: 'cash_sale',
        data: { payment: 'coin', amount: 300, items: [item(1)] },
      });
      w.cashEvents.add(id);
      if (a.resend) {
        await machineEvent(t, w.sn, {
          id,
          type: 'cash_sale',
          data: { payment: 'coin', amount: 300, items: [item(1)] },
        });
      }
      return;
    }
    case 'refund': {
      const order = pick(w.orders, a.i);
      if (!order) return;
      const path = a.offline ? '/api/v1/b/offlineRefund' : '/api/v1/b/refund';
      const body = { orderno: order.order_no, part_refund: a.part, refund_fee: a.fee };
      const asks = a.racing ? 5 : 1;
      await Promise.all(Array.from({ length: asks }, () => t.call(path, body, w.owner.headers)));
      return;
    }
  }
}

async function check(w: World): Promise<void> {
  const { t } = w;
  const db = t.db.kysely;
  const orders = await db.selectFrom('orders').selectAll().execute();
  // Nothing doubled, nothing lost: one order per purchase and per distinct cash event.
  expect(
    orders
      .filter((o) => o.source === 'customer')
      .map((o) => o.order_no)
      .sort(),
  ).toEqual(w.orders.map((o) => o.order_no).sort());
  expect(
    orders
      .filter((o) => o.client === 'coin')
      .map((o) => o.event_id)
      .sort(),
  ).toEqual([...w.cashEvents].sort());
  const txs = new Map(
    (await db.selectFrom('sandbox_pay_transactions').selectAll().execute()).map((x) => [x.out_trade_no, x]),
  );
  const channelRefunds = await db.selectFrom('sandbox_pay_refunds').selectAll().execute();
  const refunds = await db.selectFrom('refunds').selectAll().execute();
  for (const o of orders) {
    const tx = txs.get(o.order_no);
    // Paid only when the channel took the money (forged notifications changed nothing).
    if (o.source === 'customer' && o.status !== 0) {
      expect(tx?.state, o.order_no).toBe('paid');
      expect(o.merchant_order).toBe(tx!.tx_id);
    }
    expect(o.refund_fee).toBeLessThanOrEqual(o.refund_reserved);
    expect(o.refund_reserved).toBeLessThanOrEqual(o.amount);
    const own = refunds.filter((r) => r.order_id === o.id);
    expect(own.filter((r) => r.status === 'success').reduce((s, r) => s + r.amount, 0)).toBe(o.refund_fee);
    expect(own.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)).toBe(
      o.refund_reserved,
    );
    const taken = channelRefunds.filter((r) => r.out_trade_no === o.order_no && r.final_state !== 'failed');
    expect(taken.reduce((s, r) => s + r.amount, 0)).toBeLessThanOrEqual(o.amount);
    expect(own.every((r) => r.amount > 0)).toBe(true);
    if (o.status === 3) {
      const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', o.id).execute();
      expect(items.every((i) => i.delivered === i.quantity)).toBe(true);
    }
  }
  // The channel made at most one refund per refund of ours.
  expect(new Set(channelRefunds.map((r) => r.out_refund_no)).size).toBe(channelRefunds.length);
  for (const r of channelRefunds) expect(refunds.some((x) => x.refund_no === r.out_refund_no)).toBe(true);
  // The shelf counted down exactly once per unit that left it, through one write-off each.
  const delivered = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.sum<number>('order_items.delivered').as('n'))
    .where('orders.sn', '=', w.sn)
    .executeTakeFirstOrThrow();
  const shelf = await db
    .selectFrom('channels')
    .select('quantity')
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
  const written = await db
    .selectFrom('stock_records')
    .select((eb) => eb.fn.sum<number>('quantity').as('n'))
    .where('stock_type', '=', 3)
    .where('sn', '=', w.sn)
    .executeTakeFirstOrThrow();
  expect(200 - shelf.quantity).toBe(Number(delivered.n ?? 0));
  expect(Number(written.n ?? 0)).toBe(Number(delivered.n ?? 0));
  // The daily totals (folded or not) say exactly what the orders say.
  expect(orders.every((o) => (o.paid_at === null) === (o.sale_day === null))).toBe(true);
  const groups = (rows: SalesGroup[]) =>
    rows
      .filter((r) => r.n !== 0)
      .map((r) => [r.client, r.status, r.n, r.amount, r.refund_fee, r.cost_price].join(':'))
      .sort();
  const totals = await new OrderStats(db).sums(
    { merchantId: w.owner.merchantId, storeIds: null },
    0,
    Number.MAX_SAFE_INTEGER,
  );
  const merged = new Map<
    string,
    { client: string; status: number; n: number; amount: number; refund_fee: number; cost_price: number }
  >();
  for (const r of totals) {
    const key = `${r.client}:${r.status}`;
    const m = merged.get(key) ?? {
      client: r.client,
      status: r.status,
      n: 0,
      amount: 0,
      refund_fee: 0,
      cost_price: 0,
    };
    merged.set(key, {
      ...m,
      n: m.n + r.n,
      amount: m.amount + r.amount,
      refund_fee: m.refund_fee + r.refund_fee,
      cost_price: m.cost_price + r.cost_price,
    });
  }
  const counted = new Map<string, SalesGroup>();
  for (const o of orders.filter((x) => x.sale_day !== null)) {
    const key = `${o.client}:${o.status}`;
    const m = counted.get(key) ?? {
      client: o.client,
      status: o.status,
      n: 0,
      amount: 0,
      refund_fee: 0,
      cost_price: 0,
    };
    counted.set(key, {
      ...m,
      n: m.n + 1,
      amount: m.amount + o.amount,
      refund_fee: m.refund_fee + o.refund_fee,
      cost_price: m.cost_price + o.cost_price,
    });
  }
  expect(groups([...merged.values()])).toEqual(groups([...counted.values()]));
}

describe.each(dialects())('orders under random sequences on %s', (dialect) => {
  it('never doubles or loses an order, never refunds above the amount, and ignores forgeries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 5, maxLength: 40 }),
        fc.constantFrom('auto' as const, 'manual' as const),
        fc.boolean(),
        async (actions, refundMode, refundFail) => {
          const w = await world(dialect, refundMode, refundFail);
          try {
            for (const a of actions) {
              await perform(w, a);
              await settle(w.t);
            }
            // Everything due happens: late notifications are asked for, accepted refunds end.
            w.t.clock.advance(11_000);
            await w.t.services.orders.jobs.tick();
            await w.t.services.orders.jobs.tick();
            await settle(w.t);
            await check(w);
          } finally {
            await w.t.services.orders.idle();
            await w.t.close();
          }
        },
      ),
      { numRuns: dialect === 'postgres' ? 15 : 60 },
    );
  }, 180_000);
});
