import fc from 'fast-check';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfPeriod } from '@vendo/contract/constants';
import type { Payment } from '@vendo/contract/enums';
import { createDb } from '../../db/create-db';
import { migrations } from '../../db/migrate';
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
  virtualMachines,
} from '../orders/order-fixtures';
import { nextMonth } from './analytics-tables';
import { deviceSumsOf, goodsSumsOf } from './coarse-sums';
import { rankGoods, rankSums } from './rankings';
import { RawFacts } from './raw-facts';
import { RollupFacts } from './rollup-facts';
import { DEVICE_RUNS, GOODS_RUNS, STORE_RUNS, type RunTable } from './sum-runs';
import type {
  FactFilter,
  GoodsFact,
  GoodsGrouping,
  GoodsSumsGrouping,
  OrderFact,
  OrderGrouping,
  SumsGrouping,
} from './sales-facts';

/*
 * Random streams of orders through the real services — customer payments, machine reports on time, late (after
 * the order turned abnormal) or failing, cash and card sales reported hours late, refunds in full and in part
 * (through the channel and offline), replacements, machines moving between stores, the clock crossing hours and
 * days, the jobs and partial folds in between — over two merchants (one in a half-hour zone) with several areas,
 * stores, machines and goods. Then, for every grouping and a random sample of ranges and filters, the rollups
 * answer exactly what a GROUP BY over the orders answers, before and after folding; and the GROUP BY itself
 * answers what the order rows say, summed here in plain code. Once everything is folded, every row of the running
 * totals (sum-runs.ts) is what the order rows say: for each day with sales, each key's sums up to that day.
 */

const H = 3_600_000;
const DAY = 86_400_000;
const ORDER_GROUPINGS: OrderGrouping[] = ['none', 'hour', 'day', 'area', 'store', 'sn'];
const GOODS_GROUPINGS: GoodsGrouping[] = ['goods', 'hour', 'day', 'store', 'goods_store'];
const SUMS_GROUPINGS: SumsGrouping[] = ['none', 'area', 'store', 'sn'];
const GOODS_SUMS_GROUPINGS: GoodsSumsGrouping[] = ['goods', 'store'];

interface Shop {
  owner: Caller;
  zone: string;
  areas: number[];
  stores: Array<{ id: number; areaId: number }>;
  machines: Array<{ sn: string; slots: number }>;
  goods: number[];
}

interface World {
  shops: Shop[];
  /** Customer and card orders of this run, by number. */
  orders: Array<{ orderNo: string; shop: number }>;
  startedAt: number;
}

type Action =
  | { kind: 'buy'; m: number; slot: number; pay: boolean }
  | { kind: 'report'; i: number; ok: boolean }
  | { kind: 'machine'; how: 'cash' | 'card'; m: number; lines: Line[]; amount: number; lateHours: number }
  | { kind: 'refund'; i: number; part: boolean; fee: number; offline: boolean }
  | { kind: 'replace'; i: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'fold'; batch: number; rounds: number }
  | { kind: 'move'; m: number; store: number };

interface Line {
  slot: number;
  quantity: number;
  delivered: number;
}

const line: fc.Arbitrary<Line> = fc
  .record({
    slot: fc.integer({ min: 1, max: 2 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    short: fc.nat(3),
  })
  .map(({ slot, quantity, short }) => ({ slot, quantity, delivered: Math.max(0, quantity - short) }));

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      m: fc.nat(5),
      slot: fc.integer({ min: 1, max: 2 }),
      pay: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('report' as const), i: fc.nat(30), ok: fc.boolean() }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('machine' as const),
      how: fc.constantFrom('cash' as const, 'card' as const),
      m: fc.nat(5),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 })),
      // Up to days late: a delta on a day older than the running totals' latest snapshot day.
      lateHours: fc.constantFrom(0, 0, 1, 7, 30, 54, 75),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      i: fc.nat(30),
      part: fc.boolean(),
      fee: fc.integer({ min: 1, max: 400 }),
      offline: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), i: fc.nat(30) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(11_000, 130_000, 47 * 60_000, 5 * H, 13 * H),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fold' as const),
      batch: fc.integer({ min: 1, max: 40 }),
      rounds: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), m: fc.nat(5), store: fc.nat(3) }) },
);

/** A question: a merchant, a range and a filter. */
interface Question {
  shop: number;
  range: 'all' | 'hours' | 'today' | 'days' | 'months';
  a: number;
  b: number;
  filter: 'none' | 'scope' | 'emptyScope' | 'area' | 'store' | 'sn' | 'goods' | 'scopeSn';
  pick: number;
}

const question: fc.Arbitrary<Question> = fc.record({
  shop: fc.nat(1),
  range: fc.constantFrom(
    'all' as const,
    'hours' as const,
    'today' as const,
    'days' as const,
    'months' as const,
    'months' as const,
  ),
  a: fc.nat(200),
  b: fc.nat(200),
  filter: fc.constantFrom(
    'none' as const,
    'scope' as const,
    'emptyScope' as const,
    'area' as const,
    'store' as const,
    'sn' as const,
    'goods' as const,
    'scopeSn' as const,
  ),
  pick: fc.nat(10),
});

let runs = 0;

/** Two merchants with their areas, stores, goods and machines; the second one in a half-hour zone. */
async function world(t: TestApp): Promise<World> {
  const run = ++runs;
  // A minute apart: the purchase page's per-address limit counts each run's buys on their own.
  t.clock.advance(61_000);
  // Every other run starts hours before a UTC month ends, so its orders fall on both sides of the month rollups'
  // boundary (05:30 in Kolkata, 08:00 in Shanghai).
  // The clock only goes forward.
  if (run % 2 === 0) {
    const before = (2 + (run % 7) * 3) * H;
    const month = nextMonth(t.clock.now);
    t.clock.now = month - before > t.clock.now ? month - before : nextMonth(month) - before;
  }
  const shops: Shop[] = [];
  for (const [k, zone] of (['Asia/Shanghai', 'Asia/Kolkata'] as const).entries()) {
    const owner = await mainAccount(t, `139${String(run).padStart(5, '0')}${k}00`);
    await t.db.kysely
      .updateTable('merchants')
      .set({ time_zone: zone })
      .where('id', '=', owner.merchantId)
      .execute();
    const north = await addArea(t, owner, 'North');
    const south = await addArea(t, owner, 'South');
    const stores = [
      { id: await addStore(t, owner, north, 'Mall', 'auto'), areaId: north },
      { id: await addStore(t, owner, north, 'Station', 'manual'), areaId: north },
      { id: await addStore(t, owner, south, 'Park', 'auto'), areaId: south },
    ];
    const goods = [
      await addGoods(t, owner.merchantId, 'Cola', 300, 120),
      await addGoods(t, owner.merchantId, 'Chips', 450, 205),
      await addGoods(t, owner.merchantId, 'Candy', 150, 37),
    ];
    const places: Array<[number | null, number | null, number[]]> = [
      [north, stores[0]!.id, [goods[0]!, goods[1]!]],
      [north, stores[1]!.id, [goods[1]!, goods[2]!]],
      [south, stores[2]!.id, [goods[0]!, goods[2]!]],
      // A machine in no store and no area: its sales count under store 0 and area 0.
      [null, null, [goods[0]!]],
    ];
    const machines: Shop['machines'] = [];
    for (const [m, [areaId, storeId, list]] of places.entries()) {
      const sn = `8${String(run).padStart(5, '0')}${k}${m}`;
      const made = await standingMachine(t, owner, { sn, areaId, storeId, goods: list, quantity: 500 });
      // Shelves priced apart from 300, so an item's share of its order's income is a true fraction.
      await t.db.kysely
        .updateTable('channels')
        .set({ price: 100 + 70 * m + 45 * k })
        .where('id', '=', made.channelIds[1] ?? made.channelIds[0]!)
        .execute();
      machines.push({ sn, slots: list.length });
    }
    shops.push({ owner, zone, areas: [north, south], stores, machines, goods });
  }
  return { shops, orders: [], startedAt: t.clock.now };
}

async function perform(t: TestApp, w: World, a: Action, rollups: RollupFacts): Promise<void> {
  const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
  const machines = w.shops.flatMap((s, shop) => s.machines.map((m) => ({ ...m, shop })));
  switch (a.kind) {
    case 'buy': {
      const m = machines[a.m % machines.length]!;
      const order = await customerPays(t, m.sn, 1 + ((a.slot - 1) % m.slots), { pay: a.pay });
      w.orders.push({ orderNo: order.order_no, shop: m.shop });
      return;
    }
    case 'report': {
      // The machine reports an order it was sent (on time, late, or again): what came out of each slot.
      const order = pick(w.orders, a.i);
      const row =
        order &&
        (await t.db.kysely
          .selectFrom('orders')
          .select(['id', 'order_no', 'sn', 'client', 'sale_day'])
          .where('order_no', '=', order.orderNo)
          .executeTakeFirst());
      if (!row || row.sale_day === null) return;
      const lines = await t.db.kysely
        .selectFrom('order_items')
        .select(['position', 'quantity'])
        .where('order_id', '=', row.id)
        .execute();
      const items = lines.map((l) => item(l.position, a.ok ? l.quantity : 0, a.ok ? 0 : 3, l.quantity));
      await machineEvent(t, row.sn, {
        type: 'delivery',
        data: { order: row.order_no, payment: row.client as Payment, items },
      });
      return;
    }
    case 'machine': {
      const m = machines[a.m % machines.length]!;
      const items = a.lines
        .filter((l) => l.slot <= m.slots)
        .map((l) => item(l.slot, l.delivered, l.delivered < l.quantity ? 4 : 0, l.quantity));
      if (!items.length) return;
      const at = t.clock.now - a.lateHours * H;
      if (a.how === 'cash') {
        await machineEvent(t, m.sn, {
          at,
          type: 'cash_sale',
          data: { payment: 'coin', amount: a.amount, items },
        });
        return;
      }
      // A card reader's sale: the machine's own order number, unknown to the server.
      const order = `C${w.startedAt.toString(36)}${w.orders.length}${a.m}`;
      await machineEvent(t, m.sn, {
        at,
        type: 'delivery',
        data: { order, payment: 'iccard', card: '88776655', amount: a.amount, items },
      });
      w.orders.push({ orderNo: order, shop: m.shop });
      return;
    }
    case 'refund': {
      const order = pick(w.orders, a.i);
      if (!order) return;
      const path = a.offline ? '/api/v1/b/offlineRefund' : '/api/v1/b/refund';
      await t.call(
        path,
        { orderno: order.orderNo, part_refund: a.part, refund_fee: a.fee },
        w.shops[order.shop]!.owner.headers,
      );
      return;
    }
    case 'replace': {
      const order = pick(w.orders, a.i);
      if (!order) return;
      await t.call('/api/v1/b/replaceGoods', { orderno: order.orderNo }, w.shops[order.shop]!.owner.headers);
      return;
    }
    case 'wait':
      t.clock.advance(a.ms);
      await t.services.orders.jobs.tick();
      return;
    case 'fold':
      await rollups.compact(a.batch, a.rounds);
      return;
    case 'move': {
      const m = machines[a.m % machines.length]!;
      const store = w.shops[m.shop]!.stores[a.store % 3]!;
      await t.db.kysely
        .updateTable('devices')
        .set({ store_id: a.store === 3 ? null : store.id, area_id: a.store === 3 ? null : store.areaId })
        .where('sn', '=', m.sn)
        .execute();
      return;
    }
  }
}

/** The question as a filter: ranges are local hour starts, whole days or not, as the analytics calls make them. */
function filterOf(t: TestApp, w: World, q: Question): FactFilter {
  const shop = w.shops[q.shop]!;
  const day = (at: number) => startOfPeriod('day', at, shop.zone);
  const first = day(w.startedAt);
  const today = day(t.clock.now);
  let start: number;
  let end: number;
  switch (q.range) {
    case 'all':
      [start, end] = [first - 2 * DAY, today + 2 * DAY];
      break;
    case 'hours':
      start = first + ((q.a % 80) - 30) * H;
      end = start + (1 + (q.b % 60)) * H;
      break;
    case 'today':
      // Today up to the next hour: what the dashboard asks most.
      [start, end] = [today, today + Math.floor((t.clock.now - today) / H) * H + H];
      break;
    case 'days':
      start = first + ((q.a % 4) - 2) * DAY;
      end = start + (1 + (q.b % 4)) * DAY;
      break;
    case 'months':
      // Weeks either side of the stream: whole UTC months inside, days at the ends, sometimes part days too.
      start =
        day(first - (q.a % 2 ? q.a % 31 : 31 + (q.a % 15)) * DAY + 12 * H) + (q.a % 3 === 0 ? 5 * H : 0);
      end = day(today + (q.b % 45) * DAY + 36 * H) + (q.b % 3 === 0 ? 7 * H : 0);
      break;
  }
  const filter: FactFilter = { merchantId: shop.owner.merchantId, storeIds: null, start, end };
  const store = shop.stores[q.pick % shop.stores.length]!;
  const sn = shop.machines[q.pick % shop.machines.length]!.sn;
  switch (q.filter) {
    case 'none':
      return filter;
    case 'scope':
      return { ...filter, storeIds: [store.id, shop.stores[(q.pick + 1) % 3]!.id] };
    case 'emptyScope':
      return { ...filter, storeIds: [] };
    case 'area':
      return { ...filter, areaId: shop.areas[q.pick % 2]! };
    case 'store':
      return { ...filter, storeId: store.id };
    case 'sn':
      return { ...filter, sn };
    case 'goods':
      return { ...filter, goodsId: shop.goods[q.pick % shop.goods.length]! };
    case 'scopeSn':
      return { ...filter, storeIds: [store.id], sn };
  }
}

const sortFacts = <T extends { key: string; status: number }>(facts: T[], id: (f: T) => string): T[] =>
  [...facts].sort((x, y) => (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0));
const orderId = (f: OrderFact) => `${f.key}|${f.client}|${f.status}`;
const goodsId = (f: GoodsFact) => `${f.key}|${f.goods_id}|${f.status}`;
const sorted = <V>(sums: Map<string, V>): Array<[string, V]> =>
  [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The coarse rollups' sums equal the raw facts summed by the one definition (analysis-sums.ts). */
async function compareSums(filter: FactFilter, rollups: RollupFacts, raw: RawFacts): Promise<number> {
  let groups = 0;
  for (const g of SUMS_GROUPINGS) {
    const expected = sorted(await raw.sums(filter, g));
    groups += expected.length;
    expect(sorted(await rollups.sums(filter, g)), `sums by ${g} ${JSON.stringify(filter)}`).toEqual(expected);
  }
  for (const g of GOODS_SUMS_GROUPINGS) {
    const expected = sorted(await raw.goodsSums(filter, g));
    groups += expected.length;
    expect(
      sorted(await rollups.goodsSums(filter, g)),
      `goods sums by ${g} ${JSON.stringify(filter)}`,
    ).toEqual(expected);
  }
  return groups + (await compareRankings(filter, rollups, raw));
}

/**
 * The rankings ranked in the statement (the top N in SQL) equal the full answer of the GROUP BY ranked in plain
 * code (rankings.ts): the same groups in the same order — ties broken by the key — with the same figures, for
 * both sorts, a window shorter than the groups (the cut falls among ties) and one longer; goods pages past the
 * first and past the last, with the count and totals of every goods.
 */
async function compareRankings(filter: FactFilter, rollups: RollupFacts, raw: RawFacts): Promise<number> {
  let groups = 0;
  for (const by of ['income', 'count'] as const) {
    for (const grouping of ['store', 'sn'] as const) {
      const all = await raw.sums(filter, grouping);
      for (const top of [1, 2, 3, 100]) {
        const expected = rankSums(all, grouping, by, top);
        groups += expected.length;
        expect(
          await rollups.ranking(filter, grouping, by, top),
          `ranking of ${grouping} by ${by}, top ${top} ${JSON.stringify(filter)}`,
        ).toEqual(expected);
      }
    }
    const goods = await raw.goodsSums(filter, 'goods');
    for (const window of [
      { offset: 0, limit: 1 },
      { offset: 0, limit: 2 },
      { offset: 1, limit: 2 },
      { offset: 0, limit: 100 },
      { offset: 50, limit: 10 },
    ]) {
      const expected = rankGoods(goods, by, window);
      groups += expected.page.length;
      expect(
        await rollups.goodsRanking(filter, by, window),
        `goods ranking by ${by} ${JSON.stringify(window)} ${JSON.stringify(filter)}`,
      ).toEqual(expected);
    }
  }
  return groups;
}

async function compare(t: TestApp, w: World, questions: Question[], rollups: RollupFacts, raw: RawFacts) {
  for (const q of questions) {
    const filter = filterOf(t, w, q);
    for (const g of ORDER_GROUPINGS) {
      const expected = sortFacts(await raw.orders(filter, g), orderId);
      expect(
        sortFacts(await rollups.orders(filter, g), orderId),
        `orders by ${g} ${JSON.stringify(filter)}`,
      ).toEqual(expected);
    }
    for (const g of GOODS_GROUPINGS) {
      const expected = sortFacts(await raw.goods(filter, g), goodsId);
      expect(
        sortFacts(await rollups.goods(filter, g), goodsId),
        `goods by ${g} ${JSON.stringify(filter)}`,
      ).toEqual(expected);
    }
    await compareSums(filter, rollups, raw);
    // Every span from the running totals, and every span from the day rollups (the default crosses between).
    for (const span of [0, 10_000]) {
      await compareSums(filter, new RollupFacts(t.db.kysely, t.config.timeZone, 20_000, span), raw);
    }
  }
}

/** The reference itself: the GROUP BY answers what the rows say, bucketed and shared out here in plain code. */
async function checkReference(t: TestApp, w: World, raw: RawFacts): Promise<void> {
  for (const shop of w.shops) {
    const filter: FactFilter = {
      merchantId: shop.owner.merchantId,
      storeIds: null,
      start: w.startedAt - 4 * DAY,
      end: t.clock.now + 3 * DAY,
    };
    const orders = (
      await t.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('merchant_id', '=', shop.owner.merchantId)
        .execute()
    ).filter((o) => o.sale_day !== null && o.paid_at !== null && o.amount > 0);
    const hourOf = (o: (typeof orders)[number]) =>
      o.sale_day! + Math.floor((o.paid_at! - o.sale_day!) / H) * H;
    const byHour = new Map<string, OrderFact>();
    for (const o of orders) {
      const key = String(hourOf(o));
      const id = `${key}|${o.client}|${o.status}`;
      const f = byHour.get(id) ?? {
        key,
        client: o.client,
        status: o.status,
        n: 0,
        amount: 0,
        refund_fee: 0,
        cost_price: 0,
      };
      byHour.set(id, {
        ...f,
        n: f.n + 1,
        amount: f.amount + o.amount,
        refund_fee: f.refund_fee + o.refund_fee,
        cost_price: f.cost_price + o.cost_price,
      });
      expect(startOfPeriod('day', o.paid_at!, shop.zone)).toBe(o.sale_day);
    }
    expect(sortFacts(await raw.orders(filter, 'hour'), orderId)).toEqual(
      sortFacts([...byHour.values()], orderId),
    );
    const items = orders.length
      ? await t.db.kysely
          .selectFrom('order_items')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .execute()
      : [];
    const byGoods = new Map<string, GoodsFact>();
    for (const i of items) {
      const o = orders.find((x) => x.id === i.order_id)!;
      const key = String(i.goods_id ?? 0);
      const id = `${key}|${key}|${o.status}`;
      const f = byGoods.get(id) ?? {
        key,
        goods_id: i.goods_id ?? 0,
        status: o.status,
        n: 0,
        income: 0,
        cost_price: 0,
      };
      byGoods.set(id, {
        ...f,
        n: f.n + i.quantity,
        income: f.income + Math.trunc((i.price * i.quantity * (o.amount - o.refund_fee)) / o.amount),
        cost_price: f.cost_price + i.cost_price * i.delivered,
      });
    }
    const expected = [...byGoods.values()].filter((f) => f.n || f.income || f.cost_price);
    expect(sortFacts(await raw.goods(filter, 'goods'), goodsId)).toEqual(sortFacts(expected, goodsId));
  }
}

type Sums = Record<string, number>;

/**
 * The running totals, once every delta is folded, as the order rows say in plain code: for each merchant, every
 * day with orders (items, for goods) is a snapshot day, holding a row for every key (machine, store, area; store,
 * area; goods, store, area) met on it or before, with the key's sums of every day up to it. Answers the rows
 * compared.
 */
async function checkRuns(t: TestApp, merchantIds: number[]): Promise<number> {
  let compared = 0;
  for (const merchantId of merchantIds) {
    const orders = (
      await t.db.kysely.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).execute()
    ).filter((o) => o.sale_day !== null && o.paid_at !== null && o.amount > 0);
    const items = orders.length
      ? await t.db.kysely
          .selectFrom('order_items')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .execute()
      : [];
    const byId = new Map(orders.map((o) => [o.id, o]));
    const place = (o: (typeof orders)[number]) => [o.store_id ?? 0, o.area_id ?? 0];
    const sales = orders.map((o) => ({
      day: o.sale_day!,
      key: [o.sn, ...place(o)],
      sums: deviceSumsOf({ ...o, n: 1 }) as Sums,
    }));
    const goods = items.map((i) => {
      const o = byId.get(i.order_id)!;
      const income = Math.trunc((i.price * i.quantity * (o.amount - o.refund_fee)) / o.amount);
      return {
        day: o.sale_day!,
        key: [i.goods_id ?? 0, ...place(o)],
        sums: goodsSumsOf({
          status: o.status,
          n: i.quantity,
          income,
          cost_price: i.cost_price * i.delivered,
        }) as Sums,
      };
    });
    const runs: Array<[RunTable, typeof sales]> = [
      [DEVICE_RUNS, sales],
      [STORE_RUNS, sales.map((x) => ({ ...x, key: x.key.slice(1) }))],
      [GOODS_RUNS, goods],
    ];
    for (const [run, facts] of runs) {
      const days = [...new Set(facts.map((f) => f.day))].sort((a, b) => a - b);
      const expected: string[] = [];
      for (const day of days) {
        const cum = new Map<string, Sums>();
        for (const f of facts) {
          if (f.day > day) continue;
          const id = f.key.join('|');
          const sum = cum.get(id) ?? Object.fromEntries(run.sums.map((c) => [c, 0]));
          for (const c of run.sums) sum[c]! += f.sums[c]!;
          cum.set(id, sum);
        }
        for (const [id, sum] of cum) expected.push(`${day}|${id}|${run.sums.map((c) => sum[c]).join(',')}`);
      }
      const rows = (
        await sql<Record<string, number | string>>`
        select * from ${sql.table(run.table)} where merchant_id = ${merchantId}`.execute(t.db.kysely)
      ).rows;
      const actual = rows.map(
        (r) =>
          `${Number(r['day'])}|${run.key.map((k) => (k === 'sn' ? r[k] : Number(r[k]))).join('|')}|${run.sums.map((c) => Number(r[c])).join(',')}`,
      );
      expect(actual.sort(), `${run.table} of merchant ${merchantId}`).toEqual(expected.sort());
      compared += actual.length;
    }
  }
  return compared;
}

describe.each(dialects())('analytics rollups under random order streams on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    // Machines take every vend and report it only when the stream says so.
    virtualMachines(t, { report: () => false });
  });
  afterAll(async () => {
    await t.services.orders.idle();
    await t.close();
  });

  it('answer what a GROUP BY over the orders answers, for every grouping, range and filter, folded or not', async () => {
    const rollups = new RollupFacts(t.db.kysely, t.config.timeZone);
    const raw = new RawFacts(t.db.kysely);
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 10, maxLength: 60, size: 'max' }),
        fc.array(question, { minLength: 3, maxLength: 5 }),
        async (actions, questions) => {
          const w = await world(t);
          for (const a of actions) {
            await perform(t, w, a, rollups);
            await settle(t);
          }
          await checkReference(t, w, raw);
          await compare(t, w, questions, rollups, raw);
          // The jobs fold everything (the order jobs fold the rollups with the daily totals).
          await t.services.orders.jobs.tick();
          const left = await t.db.kysely
            .selectFrom('sales_deltas')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          expect(Number(left.n)).toBe(0);
          await checkRuns(
            t,
            w.shops.map((s) => s.owner.merchantId),
          );
          await compare(t, w, questions, rollups, raw);
        },
      ),
      { numRuns: dialect === 'postgres' ? 12 : 40 },
    );
  }, 120_000);
});

describe.each(dialects())('the analytics migration on %s', (dialect) => {
  it('backfills the rollups of the orders a database made before it already holds', async () => {
    const url = process.env['DATABASE_URL'];
    const schema = `t_backfill_${Date.now().toString(36)}`;
    const db = await createDb(
      dialect === 'postgres' ? { databaseUrl: url, schema } : { sqliteFile: ':memory:' },
    );
    try {
      const migrator = (names: string[]) =>
        new Migrator({
          db: db.kysely,
          provider: { getMigrations: async () => Object.fromEntries(names.map((n) => [n, migrations[n]!])) },
          ...(db.schema ? { migrationTableSchema: db.schema } : {}),
        });
      const before = Object.keys(migrations).filter((n) => n < '0006');
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const k = db.kysely;
      await k.insertInto('agents').values({ id: '888888', name: 'Vendo', logo: '', created_at: 0 }).execute();
      const { id: merchantId } = await k
        .insertInto('merchants')
        .values({
          agent_id: '888888',
          name: 'Old',
          business: 'vm',
          phone: '13900000000',
          sub_user_suffix: null,
          time_zone: 'Asia/Shanghai',
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const day = startOfPeriod('day', Date.UTC(2026, 0, 5, 3), 'Asia/Shanghai');
      const rows = Array.from({ length: 60 }, (_, i) => ({
        order_no: `OLD${i}`,
        merchant_id: merchantId,
        sn: `9000${i % 3}`,
        device_type: 'vm',
        area_id: i % 4 === 0 ? null : 1 + (i % 2),
        store_id: i % 4 === 0 ? null : 10 + (i % 3),
        kind: 'goods',
        source: 'machine',
        client: ['wechat', 'alipay', 'coin'][i % 3]!,
        status: [3, 4, 8, 11, 5, 7, 10, 1, 6, 9, 2][i % 11]!,
        amount: i % 7 === 0 ? 0 : 100 + 37 * i,
        cost_price: 10 * i,
        refund_fee: i % 5 === 3 ? 20 + i : 0,
        created_at: day + i * 1_700_000,
        paid_at: i % 9 === 0 ? null : day + i * 1_700_000,
        sale_day: i % 9 === 0 ? null : startOfPeriod('day', day + i * 1_700_000, 'Asia/Shanghai'),
        updated_at: day + i * 1_700_000,
        ...{ refund_reserved: 0, merchant_order: '', payer: '', cardno: '', goods_err: '', game_result: '' },
        ...{ plays: 0, remarks: '', vend_attempts: 0 },
      }));
      const blank = { goods_name: '', img: '', fault: '' };
      for (const row of rows) {
        const { id } = await k.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
        await k
          .insertInto('order_items')
          .values([
            {
              order_id: id,
              position: 1,
              channel_sn: 1,
              goods_id: 1 + (id % 2),
              price: 90,
              cost_price: 40,
              quantity: 2,
              delivered: id % 3 === 0 ? 1 : 2,
              ...blank,
            },
            {
              order_id: id,
              position: 2,
              channel_sn: 2,
              goods_id: null,
              price: 55,
              cost_price: 20,
              quantity: 1,
              delivered: 1,
              ...blank,
            },
          ])
          .execute();
      }
      const upTo = (last: string) => Object.keys(migrations).filter((n) => n <= last);
      expect((await migrator(upTo('0006-analytics')).migrateToLatest()).error).toBeUndefined();
      // Changes 0006's triggers note and no fold has taken yet: 0010 starts from the folded rollups, and these
      // deltas are folded into its rollups as into those.
      await k
        .updateTable('orders')
        .set({ status: 8, refund_fee: 25 })
        .where('order_no', 'in', ['OLD1', 'OLD2'])
        .execute();
      await k
        .updateTable('order_items')
        .set({ delivered: 0 })
        .where('position', '=', 1)
        .where('order_id', '<', 8)
        .execute();
      expect((await migrator(upTo('0010-coarse-rollups')).migrateToLatest()).error).toBeUndefined();
      // More changes not yet folded when 0016 starts the running totals from 0010's day rollups: folded into
      // both later. One of them a refund of the first day's order, older than the later days' snapshots.
      await k
        .updateTable('orders')
        .set({ status: 11, refund_fee: 30 })
        .where('order_no', '=', 'OLD4')
        .execute();
      await k.updateTable('orders').set({ status: 10 }).where('order_no', '=', 'OLD52').execute();
      expect((await migrator(Object.keys(migrations)).migrateToLatest()).error).toBeUndefined();
      const rollups = new RollupFacts(k);
      const raw = new RawFacts(k);
      const filter: FactFilter = { merchantId, storeIds: null, start: day - DAY, end: day + 3 * DAY };
      const parts: FactFilter = { ...filter, start: day + 5 * H, end: day + 29 * H };
      // January 2026 whole (from the month rollups), with days of December and February around it.
      const months: FactFilter = { ...filter, start: day - 40 * DAY, end: day + 40 * DAY };
      let compared = 0;
      for (const folded of [false, true]) {
        if (folded) {
          expect(await rollups.compact()).toBeGreaterThan(0);
          compared += await checkRuns({ db: { kysely: k } } as unknown as TestApp, [merchantId]);
        }
        for (const f of [filter, parts, months, { ...filter, sn: '90001' }, { ...months, sn: '90002' }]) {
          compared += await compareSums(f, rollups, raw);
        }
      }
      for (const f of [filter, parts, { ...filter, sn: '90001' }]) {
        for (const g of ORDER_GROUPINGS) {
          const expected = sortFacts(await raw.orders(f, g), orderId);
          compared += expected.length;
          expect(sortFacts(await rollups.orders(f, g), orderId)).toEqual(expected);
        }
        for (const g of GOODS_GROUPINGS) {
          const expected = sortFacts(await raw.goods(f, g), goodsId);
          compared += expected.length;
          expect(sortFacts(await rollups.goods(f, g), goodsId)).toEqual(expected);
        }
      }
      expect(compared).toBeGreaterThan(100);
    } finally {
      await db.destroy();
      if (dialect === 'postgres' && url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    }
  });
});
