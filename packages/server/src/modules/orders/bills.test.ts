import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bill, BillList } from '@vendo/contract/api/orders';
import { DATE_RANGE_MAX_BACK_MS, earliestAllowedStart } from '@vendo/contract/constants';
import { refundEligibility } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { combineSales } from './analysis-sums';
import { mainAccount, ok, setApp, staffAccount, type Caller } from '../catalog/catalog-testing';
import { BillRepository, type BillFilter } from './bill-repository';
import {
  ALIPAY_UA,
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  grantRole,
  item,
  machineEvent,
  orderRow,
  rawOrder,
  settle,
  standingMachine,
  virtualMachines,
} from './order-fixtures';
import { OrderStats, coverOf } from './order-stats';
import { noteMachineTotals } from '../../db/migrations/0026-machine-bill-totals';
import { EligibilityOfPage } from './bills-service';

const DAY = 86_400_000;

/**
 * The bill lists: every query condition of spec §3, the analysis block, the default "today", paging, profit
 * visibility, staff scope and permissions, another merchant's orders, the home alert and card lookups.
 */
describe.each(dialects())('bills on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let rival: Caller;
  let restore: () => void;
  const stores: Record<string, number> = {};
  const areas: Record<string, number> = {};
  const orders: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900000811');
    rival = await mainAccount(t, '13900000812');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const chips = await addGoods(t, owner.merchantId, 'Chips', 650, 320);
    areas['north'] = await addArea(t, owner, 'North');
    areas['south'] = await addArea(t, owner, 'South');
    stores['mall'] = await addStore(t, owner, areas['north']!, 'Mall', 'auto');
    stores['station'] = await addStore(t, owner, areas['north']!, 'Station', 'manual');
    stores['port'] = await addStore(t, owner, areas['south']!, 'Port', 'auto');
    await standingMachine(t, owner, {
      sn: '70001',
      areaId: areas['north']!,
      storeId: stores['mall']!,
      goods: [cola, chips],
    });
    await standingMachine(t, owner, {
      sn: '70002',
      areaId: areas['north']!,
      storeId: stores['station']!,
      goods: [cola],
    });
    await standingMachine(t, owner, {
      sn: '70003',
      areaId: areas['south']!,
      storeId: stores['port']!,
      goods: [cola],
    });
    let fault = false;
    restore = virtualMachines(t, { fault: () => (fault ? 2 : 0) });

    // Yesterday: a coin sale on 70001 (outside today's default range).
    t.clock.advance(-DAY);
    await machineEvent(t, '70001', {
      type: 'cash_sale',
      data: { payment: 'coin', amount: 300, items: [item(1)] },
    });
    t.clock.advance(DAY);

    orders['wx'] = (await customerPays(t, '70001', 1)).order_no;
    orders['ali'] = (await customerPays(t, '70001', 2, { userAgent: ALIPAY_UA })).order_no;
    await settle(t);
    await machineEvent(t, '70002', {
      type: 'cash_sale',
      data: { payment: 'coin', amount: 300, items: [item(1)] },
    });
    await machineEvent(t, '70002', {
      type: 'delivery',
      data: { order: 'card-1', payment: 'iccard', items: [item(1)], amount: 280, card: 'C-001' },
    });
    fault = true;
    orders['failed'] = (await customerPays(t, '70003', 1)).order_no;
    await settle(t);
    await t.services.orders.jobs.tick();
    fault = false;
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const buy = async (condition: Record<string, unknown> = {}, caller: Caller = owner, page = {}) =>
    ok<BillList>(await call('/api/v1/b/getBuyBill', { condition, ...page }, caller));
  const numbers = (list: BillList) => list.data.map((b) => b.orderno).sort();

  it('lists today by default, newest first, with the analysis block', async () => {
    const list = await buy();
    expect(list.count).toBe(5);
    expect(list.data.map((b) => b.time)).toEqual([...list.data.map((b) => b.time)].sort((a, b) => b - a));
    const failed = list.data.find((b) => b.orderno === orders['failed'])!;
    expect(failed).toMatchObject({
      status: 8,
      refund: 300,
      status_text: 'Automatic refund',
      goods: [{ err: '2' }],
    });
    expect(list.analysis).toEqual({
      count: 5,
      // 300 + 300 (WeChat, Alipay) + 300 coin + 280 card + 300 refunded in full
      income: 1180,
      refund: 300,
      wxIncome: 300,
      alipayIncome: 300,
      otherIncome: 580,
      successCount: 4,
      successRate: 8000,
      refundCount: 1,
      refundRate: 2000,
      wxCount: 2,
      wxRate: 4000,
      alipayCount: 1,
      alipayRate: 2000,
      otherCount: 2,
      abnormalCount: 0,
      costPrice: 120 + 320 + 120 + 120,
      profit: 1180 - 680,
    });
    expect(list.range.end_time - list.range.start_time).toBe(DAY);
    const yesterday = await buy({ start_time: list.range.start_time - DAY, end_time: list.range.start_time });
    expect(yesterday.data.map((b) => [b.client, b.amount])).toEqual([['coin', 300]]);
    // Part of yesterday (read from the orders) and all of today (from the daily totals), folded or not.
    const across = { start_time: list.range.start_time - 16 * 3_600_000, end_time: list.range.end_time };
    expect((await buy(across)).analysis).toMatchObject({ count: 6, income: 1480, otherIncome: 880 });
    await t.services.orders.jobs.tick();
    expect((await buy(across)).analysis).toMatchObject({ count: 6, income: 1480, otherIncome: 880 });
    expect((await buy()).analysis).toMatchObject({ count: 5, income: 1180 });
  });

  it('filters by every condition', async () => {
    const wx = await orderRow(t, orders['wx']!);
    expect(numbers(await buy({ order_no: orders['wx'] }))).toEqual([orders['wx']]);
    expect(numbers(await buy({ merchant_order: wx.merchant_order }))).toEqual([orders['wx']]);
    expect((await buy({ sn: '70002' })).data.map((b) => b.client).sort()).toEqual(['coin', 'iccard']);
    expect((await buy({ cardno: 'C-001' })).data.map((b) => b.amount)).toEqual([280]);
    expect(numbers(await buy({ status: 8 }))).toEqual([orders['failed']]);
    expect(numbers(await buy({ status: '8' }))).toEqual([orders['failed']]);
    expect(numbers(await buy({ client: 'alipay' }))).toEqual([orders['ali']]);
    expect((await buy({ price_start: 290, price_end: 300 })).count).toBe(4);
    expect((await buy({ price_end: 290 })).data.map((b) => b.amount)).toEqual([280]);
    expect((await buy({ price_start: 301 })).count).toBe(0);
    expect((await buy({ area: areas['south'] })).count).toBe(1);
    expect((await buy({ store: stores['station'] })).count).toBe(2);
    expect((await buy({ client: '', status: '', sn: '', area: 0 })).count).toBe(5);
    expect((await buy({ abnormal: true })).count).toBe(0);
    const page2 = await buy({}, owner, { pageNum: 2, pageSize: 2 });
    expect(page2).toMatchObject({ count: 5 });
    expect(page2.data).toHaveLength(2);
    // Pages of one size share the statements of their items and refunds, bound to each page's orders.
    const all = (await buy({}, owner, { pageNum: 1, pageSize: 5 })).data;
    const alone = [];
    for (let n = 1; n <= 5; n++) alone.push(...(await buy({}, owner, { pageNum: n, pageSize: 1 })).data);
    expect(alone.map((b) => [b.orderno, b.goods, b.refunds])).toEqual(
      all.map((b) => [b.orderno, b.goods, b.refunds]),
    );
    expect(new Set(all.map((b) => JSON.stringify(b.goods))).size).toBeGreaterThan(1);
    // Payment bills: the orders that took money (all of today's did).
    const pay = ok<BillList>(await call('/api/v1/b/getPayBill', { condition: { client: 'wechat' } }));
    expect(pay.data.map((b: Bill) => b.orderno).sort()).toEqual([orders['failed'], orders['wx']].sort());
  });

  it('names the field of a bad condition', async () => {
    const now = t.clock.now;
    expect(
      await call('/api/v1/b/getBuyBill', { condition: { start_time: now, end_time: now - 1 } }),
    ).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'End time: The end cannot be before the start',
    });
    expect(await call('/api/v1/b/getBuyBill', { condition: { status: 42 } })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Order status: Invalid value',
    });
    // A price range is not a time range: Chinese said "the end time cannot be before the start time".
    const prices = { condition: { price_start: 500, price_end: 100 } };
    expect(await call('/api/v1/b/getPayBill', prices)).toMatchObject({
      msg: 'Highest amount: Cannot be below the lowest amount',
    });
    expect(await t.call('/api/v1/b/getBuyBill', prices, { ...owner.headers, lang: 'zh-CN' })).toMatchObject({
      msg: '最高金额：不能低于最低金额',
    });
    expect(await call('/api/v1/b/getBuyBill', { condition: { sn: 'abc' } })).toMatchObject({
      msg: 'Serial number must be numeric',
    });
    expect(await call('/api/v1/b/getBuyBill', { condition: { client: 'cheque' } })).toMatchObject({
      msg: 'Payment method: Invalid value',
    });
  });

  it('takes the one range rule: a start down to 80352000000 ms before the earlier of now and the last instant', async () => {
    const now = t.clock.now;
    const tomorrow = (await buy()).range.end_time;
    for (const path of ['/api/v1/b/getBuyBill', '/api/v1/b/getPayBill']) {
      const list = async (condition: Record<string, number>) => call(path, { condition });
      // The end is exclusive: a list ending at `end` covers up to end − 1, and may start that far back from it.
      const cases = [
        { end: tomorrow, limit: now - DATE_RANGE_MAX_BACK_MS },
        { end: now, limit: now - 1 - DATE_RANGE_MAX_BACK_MS },
        { end: now - 10 * DAY, limit: now - 10 * DAY - 1 - DATE_RANGE_MAX_BACK_MS },
      ];
      for (const { end, limit } of cases) {
        expect(limit).toBe(earliestAllowedStart(end - 1, now));
        expect(await list({ start_time: limit, end_time: end })).toMatchObject({ rcode: 0 });
        expect(await list({ start_time: limit - 1, end_time: end })).toMatchObject({
          rcode: RCODE.INVALID_PARAM,
          msg: 'Start time: The start is too far back',
        });
      }
    }
    // No 93-day cap: 94 days (and 900) list what they hold, yesterday's coin sale with today's orders.
    const long = await buy({ start_time: now - 94 * DAY, end_time: tomorrow });
    expect(long.count).toBe(6);
    expect(long.range).toEqual({ start_time: now - 94 * DAY, end_time: tomorrow });
    expect((await buy({ start_time: now - 900 * DAY })).count).toBe(6);
    expect((await buy({ start_time: now - 900 * DAY, end_time: now - DAY / 2 })).count).toBe(1);
  });

  it('shows cost and profit only with the profit permission and the Profit app', async () => {
    const staff = await staffAccount(t, owner, { account: 'clerk' });
    await grantRole(t, owner, staff, [1021]);
    const hidden = await buy({}, staff);
    expect(hidden.analysis).toMatchObject({ costPrice: null, profit: null });
    expect(hidden.data[0]!.cost_price).toBeNull();
    expect(hidden.data[0]!.goods[0]!.cost_price).toBeNull();
    const seer = await staffAccount(t, owner, { account: 'boss' });
    await grantRole(t, owner, seer, [1021, 1038]);
    expect((await buy({}, seer)).analysis.costPrice).toBe(680);
    await setApp(t, owner.merchantId, 'Profit', { expireAt: t.clock.now - 1 });
    expect((await buy({}, owner)).analysis).toMatchObject({ costPrice: null, profit: null });
    await setApp(t, owner.merchantId, 'Profit', { expireAt: t.clock.now + 30 * DAY });
  });

  it('keeps staff to their permissions and stores, and merchants to their own orders', async () => {
    const none = await staffAccount(t, owner, { account: 'nobody' });
    for (const path of [
      '/api/v1/b/getBuyBill',
      '/api/v1/b/getPayBill',
      '/api/v1/b/abnormalCount',
      '/api/v1/c/getOneCard',
    ]) {
      expect((await call(path, { cardno: 'C-001' }, none)).rcode, path).toBe(RCODE.FORBIDDEN);
    }
    const mall = await staffAccount(t, owner, { account: 'mall', storeIds: [stores['mall']!] });
    await grantRole(t, owner, mall, [1021]);
    expect((await buy({}, mall)).data.map((b) => b.store?.store_name)).toEqual(['Mall', 'Mall']);
    // A store or area outside theirs is refused as the statistics refuse it (it answered an empty list); a typed sn
    // of no machine of theirs is a query condition that matches nothing.
    const asMall = (condition: Record<string, unknown>) =>
      call('/api/v1/b/getBuyBill', { condition }, mall).then((a) => a.rcode);
    expect(await asMall({ store: stores['port'] })).toBe(RCODE.STORE_OUT_OF_SCOPE);
    expect(await asMall({ area: areas['south'] })).toBe(RCODE.AREA_NOT_FOUND);
    expect((await buy({ sn: '70003' }, mall)).count).toBe(0);
    expect((await buy({ store: stores['mall'], area: areas['north'], sn: '70001' }, mall)).count).toBe(2);
    expect((await call('/api/v1/b/getPayBill', {}, mall)).rcode).toBe(RCODE.FORBIDDEN);
    expect(ok<{ count: number }>(await call('/api/v1/c/getOneCard', { cardno: 'C-001' }, mall)).count).toBe(
      0,
    );

    expect((await buy({}, rival)).count).toBe(0);
    expect((await buy({ order_no: orders['wx'] }, rival)).count).toBe(0);
    // The owner's area or store named by another merchant, or one that never was: "does not exist", in every
    // language, on both bill lists; the owner's machine typed as the sn matches none of the rival's bills.
    const texts = {
      area: { 'zh-CN': '区域不存在', 'zh-TW': '區域不存在', 'en-US': 'Area does not exist' },
      store: { 'zh-CN': '门店不存在', 'zh-TW': '門店不存在', 'en-US': 'Store does not exist' },
    };
    const named = { area: areas['south'], store: stores['port'] };
    for (const field of ['area', 'store'] as const) {
      for (const [lang, msg] of Object.entries(texts[field])) {
        for (const path of ['/api/v1/b/getBuyBill', '/api/v1/b/getPayBill']) {
          const answer = await t.call(
            path,
            { condition: { [field]: named[field] } },
            { ...rival.headers, lang },
          );
          expect(answer, `${path} ${field} ${lang}`).toMatchObject({ msg, result: null });
        }
      }
    }
    expect((await buy({ sn: '70003' }, rival)).count).toBe(0);
    expect((await buy({ sn: '79999' })).count).toBe(0);
    expect((await call('/api/v1/b/getBuyBill', { condition: { store: 987_654 } })).rcode).toBe(
      RCODE.STORE_NOT_FOUND,
    );
    for (const path of ['/api/v1/b/refund', '/api/v1/b/offlineRefund', '/api/v1/b/replaceGoods']) {
      expect((await call(path, { orderno: orders['wx'] }, rival)).rcode, path).toBe(RCODE.ORDER_NOT_FOUND);
    }
    expect(ok<{ count: number }>(await call('/api/v1/c/getOneCard', { cardno: 'C-001' }, rival)).count).toBe(
      0,
    );
  });

  it('looks a card up and counts abnormal orders for the home alert', async () => {
    expect(ok(await call('/api/v1/c/getOneCard', { cardno: 'C-001' }))).toMatchObject({
      cardno: 'C-001',
      client: 'iccard',
      client_text: 'IC card',
      count: 1,
      amount: 280,
      orders: [{ amount: 280, status: 3, status_text: 'Success' }],
    });
    expect(await call('/api/v1/c/getOneCard', { cardno: '' })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Card number: Cannot be empty',
    });
    expect(ok(await call('/api/v1/b/abnormalCount', {}))).toEqual({ count: 0, oldest: null });
    // A paid order the machine takes and never reports: abnormal once the answer time has passed.
    const silent = virtualMachines(t, { report: () => false });
    const order = await customerPays(t, '70002', 1);
    await settle(t);
    expect((await orderRow(t, order.order_no)).status).toBe(2);
    expect(ok(await call('/api/v1/b/abnormalCount', {}))).toEqual({ count: 0, oldest: null });
    t.clock.advance(121_000);
    expect(ok(await call('/api/v1/b/abnormalCount', {}))).toMatchObject({ count: 1 });
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, order.order_no)).status).toBe(5);
    const abnormal = await buy({ abnormal: 'true' });
    expect(abnormal.data.map((b) => [b.orderno, b.abnormal])).toEqual([[order.order_no, true]]);
    expect(abnormal.analysis.abnormalCount).toBe(1);
    silent();
    restore = virtualMachines(t);
  });

  it('lists the pending abnormal orders of any day, as many as the home alert counts', async () => {
    const silent = virtualMachines(t, { report: () => false });
    // Stuck 100 days ago: far outside today's default list, and any week or month.
    t.clock.advance(-100 * DAY);
    const old = await customerPays(t, '70001', 1);
    await settle(t);
    t.clock.advance(100 * DAY);
    await t.services.orders.jobs.tick();
    silent();
    restore = virtualMachines(t);
    expect((await orderRow(t, old.order_no)).status).toBe(5);

    const alert = ok<{ count: number; oldest: number }>(await call('/api/v1/b/abnormalCount', {}));
    const list = await buy({ abnormal: true });
    expect(alert.count).toBe(2);
    expect(list.count).toBe(alert.count);
    expect(list.analysis.abnormalCount).toBe(alert.count);
    expect(list.data.map((b) => b.orderno)).toContain(old.order_no);
    expect(list.range.start_time).toBe(0);
    // An explicit range still narrows it, and the range rule of every bill list still holds.
    const today = await buy({ abnormal: true, start_time: list.range.end_time - DAY });
    expect(today.data.map((b) => b.orderno)).not.toContain(old.order_no);
    expect(today.count).toBe(1);
    const end = t.clock.now;
    expect(
      await call('/api/v1/b/getBuyBill', {
        condition: { abnormal: true, start_time: earliestAllowedStart(end - 1, end) - 1, end_time: end },
      }),
    ).toMatchObject({ msg: 'Start time: The start is too far back' });
    const since = await buy({ abnormal: true, start_time: end - 101 * DAY, end_time: end });
    expect(since.count).toBe(alert.count);
    // The other lists keep their default of today.
    expect((await buy()).data.map((b) => b.orderno)).not.toContain(old.order_no);
  });

  it.runIf(dialect === 'sqlite')(
    'sums the waiting orders of the abnormal list through orders_waiting, not every status 5 of the range',
    async () => {
      // The analysis runs the waiting orders' sums as the one query naming statuses 1 and 2, and SQLite's plan
      // for it seeks the partial index of those statuses alone.
      const run = vi.spyOn(t.db.kysely, 'executeQuery');
      try {
        await buy({ abnormal: true });
        const text = run.mock.calls
          .map(([q]) => ('sql' in q ? q.sql : q.compile().sql))
          .find((q) => q.includes('orders.status in (1, 2)'));
        expect(text).toBeDefined();
        const plan = t.db
          .sqlite!.prepare(`explain query plan ${text!}`)
          .all(...Array.from({ length: text!.split('?').length - 1 }, () => 0)) as Array<{ detail: string }>;
        expect(plan.map((step) => step.detail).join(' | ')).toMatch(/COVERING INDEX orders_waiting/);
      } finally {
        run.mockRestore();
      }
    },
  );

  it('does not count an order vended again while the machine works on it, as the abnormal job does not', async () => {
    const [old] = (await buy({ abnormal: true })).data.filter((b) => t.clock.now - b.time > 50 * DAY);
    const silent = virtualMachines(t, { report: () => false });
    ok(await call('/api/v1/b/replaceGoods', { orderno: old!.orderno }));
    expect((await orderRow(t, old!.orderno)).status).toBe(2);
    const waiting = async () => {
      const list = await buy({ abnormal: true });
      const alert = ok<{ count: number }>(await call('/api/v1/b/abnormalCount', {}));
      expect(list.count).toBe(alert.count);
      return list.data.map((b) => b.orderno);
    };
    expect(await waiting()).not.toContain(old!.orderno);
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, old!.orderno)).status).toBe(2);
    // No report within the answer time of the new vend: pending again, and the job agrees.
    t.clock.advance(121_000);
    expect(await waiting()).toContain(old!.orderno);
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, old!.orderno)).status).toBe(5);
    expect(await waiting()).toContain(old!.orderno);
    silent();
    restore = virtualMachines(t);
  });
});

describe('refund eligibility of a page of bills', () => {
  it('answers what the rule answers, for every payment method, near midnight and across daylight-saving days', () => {
    const zones = [
      'Asia/Shanghai',
      'America/New_York',
      'Europe/London',
      'America/Santiago',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'UTC',
    ];
    const clients = ['wechat', 'alipay', 'coin', 'bill', 'remote', 'iccard', 'card', 'gift', ''];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // Around the daylight-saving changes of 2026 in both hemispheres, and any moment of the years around.
        fc.oneof(
          fc.integer({ min: Date.UTC(2026, 2, 7), max: Date.UTC(2026, 3, 8) }),
          fc.integer({ min: Date.UTC(2026, 8, 25), max: Date.UTC(2026, 10, 3) }),
          fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
        ),
        fc.array(fc.tuple(fc.constantFrom(...clients), fc.integer({ min: -3 * DAY, max: 2 * DAY })), {
          minLength: 1,
          maxLength: 30,
        }),
        (timeZone, now, orders) => {
          const page = new EligibilityOfPage(now, timeZone);
          for (const [client, offset] of orders) {
            const orderTime = now + offset;
            expect(page.of(client, orderTime)).toBe(refundEligibility({ client, orderTime, now, timeZone }));
          }
        },
      ),
      // Found by a longer run: the day in Santiago whose midnight is skipped (its start was once placed an hour early).
      { numRuns: 3000, examples: [['America/Santiago', Date.UTC(2024, 8, 8, 6), [['wechat', 0]]]] },
    );
  });
});

describe('bucket cover of a range', () => {
  const HOUR = 3_600_000;
  const grains = [1, 4, 16, 64, 256, 1024, 4096].map((h) => h * HOUR);
  it('covers [start, end) exactly with aligned buckets, two runs at most of each length, edges under an hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        fc.integer({ min: 0, max: 1_000 * DAY }),
        fc.constantFrom(grains, grains.slice(1), grains.slice(2)),
        (from, length, ladder) => {
          const to = from + length;
          const cover = coverOf(ladder, from, to);
          expect(cover.start).toBeGreaterThanOrEqual(from);
          expect(cover.end).toBeLessThanOrEqual(to);
          if (cover.start === cover.end) {
            expect(cover.ranges).toEqual([]);
            // No whole bucket of the finest length fits.
            expect(Math.ceil(from / ladder[0]!) * ladder[0]!).toBeGreaterThan(to - ladder[0]!);
            return;
          }
          expect(cover.start - from).toBeLessThan(ladder[0]!);
          expect(to - cover.end).toBeLessThan(ladder[0]!);
          const buckets = cover.ranges
            .flatMap((r) => {
              expect(r.from % r.grain).toBe(0);
              expect(r.to % r.grain).toBe(0);
              expect(r.from).toBeLessThan(r.to);
              return [[r.from, r.to]];
            })
            .sort((a, b) => a[0]! - b[0]!);
          let at = cover.start;
          for (const [a, b] of buckets) {
            expect(a).toBe(at);
            at = b!;
          }
          expect(at).toBe(cover.end);
          for (const grain of ladder)
            expect(cover.ranges.filter((r) => r.grain === grain).length).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

/**
 * The bucketed totals against the orders themselves: random orders of three machines over 1,000 days, changed at
 * random (status, refunds, store, machine, paid time, unpaid again), folded in random batches at random moments,
 * with migration 0026 (the machine totals) replayed at a random moment; every analysis of random conditions (a
 * machine's included) over random ranges equals the raw sums of the orders it selects, folded or not.
 */
describe.each(dialects())('bill totals against raw sums on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900007000');
  });
  afterAll(async () => {
    await t.close();
  });

  const stores = [
    { store: 11, area: 1 },
    { store: 12, area: 1 },
    { store: 21, area: 2 },
    { store: null, area: null },
  ];
  const clients = ['wechat', 'alipay', 'coin', 'remote'];
  const machines = ['70001', '70002', '70003'];
  const statuses = [1, 2, 3, 4, 5, 8, 11];
  const amounts = [0, 200, 300, 650, 1000];
  const span = 1_000 * DAY;
  // Most orders and ranges within the last ten days, so buckets of every length hold several of them.
  const at = fc.oneof(
    fc.integer({ min: 0, max: span }),
    fc.integer({ min: span - 10 * DAY, max: span }),
    fc.integer({ min: span - 10 * DAY, max: span }),
  );
  const order = fc.record({
    paid: fc.option(at, { nil: null, freq: 8 }),
    where: fc.nat(stores.length - 1),
    machine: fc.nat(machines.length - 1),
    vend: fc.option(at, { nil: null }),
    client: fc.nat(clients.length - 1),
    status: fc.nat(statuses.length - 1),
    amount: fc.nat(amounts.length - 1),
    refund: fc.nat(100),
  });
  const change = fc.record({
    which: fc.nat(),
    paid: fc.option(at, { nil: null, freq: 4 }),
    where: fc.option(fc.nat(stores.length - 1), { nil: undefined }),
    machine: fc.option(fc.nat(machines.length - 1), { nil: undefined, freq: 4 }),
    status: fc.option(fc.nat(statuses.length - 1), { nil: undefined }),
    refund: fc.option(fc.nat(100), { nil: undefined }),
  });
  /** A condition that is usually absent, so that most queries select something. */
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
  const query = fc.record({
    from: at,
    length: fc.oneof(
      fc.integer({ min: 1, max: 6 * 3_600_000 }),
      fc.integer({ min: 1, max: 20 * DAY }),
      fc.integer({ min: 1, max: span }),
    ),
    storeIds: fc.oneof(fc.constant(null), fc.constant(null), fc.subarray([11, 12, 21])),
    sn: fc.oneof(fc.constant(undefined), fc.constantFrom(...machines)),
    store: rarely(fc.constantFrom(11, 21)),
    area: rarely(fc.constantFrom(1, 2)),
    client: rarely(fc.constantFrom(...clients)),
    status: rarely(fc.constantFrom(...statuses)),
    paidOnly: fc.boolean(),
    priceStart: rarely(fc.constantFrom(0, 200, 301, 650)),
    priceEnd: rarely(fc.constantFrom(0, 300, 999, 1000)),
    abnormalBefore: rarely(at),
  });

  const insertOrder = (orderNo: string, o: Parameters<typeof rawOrder>[3]) =>
    rawOrder(t, owner.merchantId, orderNo, o);

  type QueryCase = typeof query extends fc.Arbitrary<infer Q> ? Q : never;

  /** Each query's analysis, as the orders of this merchant say now (summed one by one). */
  const expectRawSums = async (bills: BillRepository, base: number, queries: Array<QueryCase>) => {
    const db = t.db.kysely;
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    for (const q of queries) {
      const filter: BillFilter = {
        merchantId: owner.merchantId,
        storeIds: q.storeIds,
        sn: q.sn,
        start: base + q.from,
        end: base + q.from + q.length,
        storeId: q.store,
        areaId: q.area,
        client: q.client,
        status: q.status,
        priceStart: q.priceStart,
        priceEnd: q.priceEnd,
        paidOnly: q.paidOnly,
        abnormalBefore: q.abnormalBefore === undefined ? undefined : base + q.abnormalBefore,
      };
      const before = filter.abnormalBefore;
      const selected = rows.filter(
        (o) =>
          o.paid_at !== null &&
          o.paid_at >= filter.start &&
          o.paid_at < filter.end &&
          (q.storeIds === null || (o.store_id !== null && q.storeIds.includes(o.store_id))) &&
          (q.sn === undefined || o.sn === q.sn) &&
          (q.store === undefined || o.store_id === q.store) &&
          (q.area === undefined || o.area_id === q.area) &&
          (q.client === undefined || o.client === q.client) &&
          (q.status === undefined || o.status === q.status) &&
          (q.priceStart === undefined || o.amount >= q.priceStart) &&
          (q.priceEnd === undefined || o.amount <= q.priceEnd) &&
          (!q.paidOnly || o.amount > 0) &&
          (before === undefined ||
            o.status === 5 ||
            ((o.status === 1 || o.status === 2) &&
              o.paid_at < before &&
              (o.vend_at === null || o.vend_at < before))),
      );
      const raw = combineSales(
        selected.map((o) => ({
          client: o.client,
          status: o.status,
          n: 1,
          amount: Number(o.amount),
          refund_fee: Number(o.refund_fee),
          cost_price: Number(o.cost_price),
        })),
      );
      expect(await bills.analysis(filter), JSON.stringify(q)).toEqual(raw);
    }
  };

  it('sums exactly what the orders say, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(order, { minLength: 1, maxLength: 80 }),
        fc.array(change, { maxLength: 30 }),
        fc.record({
          batch: fc.integer({ min: 1, max: 100 }),
          rounds: fc.integer({ min: 0, max: 3 }),
          all: fc.boolean(),
          migrate: fc.boolean(),
        }),
        fc.array(query, { minLength: 1, maxLength: 12 }),
        async (made, changes, fold, queries) => {
          const db = t.db.kysely;
          // Each run starts from no order, no total and no delta.
          await db.deleteFrom('orders').where('merchant_id', '=', owner.merchantId).execute();
          await db.deleteFrom('order_stats').where('merchant_id', '=', owner.merchantId).execute();
          await db.deleteFrom('order_stat_deltas').where('merchant_id', '=', owner.merchantId).execute();
          await db.deleteFrom('order_machine_stats').where('merchant_id', '=', owner.merchantId).execute();
          run++;
          const base = t.clock.now - span;
          const paidAt = (p: number | null) => (p === null ? null : base + p);
          const ids: number[] = [];
          for (const [i, o] of made.entries()) {
            const amount = amounts[o.amount]!;
            const id = await insertOrder(`T${run}-${i}`, {
              store_id: stores[o.where]!.store,
              area_id: stores[o.where]!.area,
              sn: machines[o.machine]!,
              client: clients[o.client]!,
              status: statuses[o.status]!,
              amount,
              refund_fee: Math.floor((amount * o.refund) / 100),
              cost_price: Math.floor(amount / 3),
              created_at: base,
              paid_at: paidAt(o.paid),
              vend_at: paidAt(o.vend),
            });
            ids.push(id);
          }
          const stats = new OrderStats(db);
          await stats.compact(fold.batch, fold.rounds);
          // One repository for the run, as the server keeps one: the past part's sums it keeps (SQLite) must
          // follow the changes below. Asked first before them, then after.
          const bills = new BillRepository(db, () => t.clock.now);
          await expectRawSums(bills, base, queries);
          if (fold.migrate) {
            // Migration 0026 at this moment: the deltas there have no machine, the machine totals are summed
            // from the orders (only this merchant's orders are in this database).
            await db.deleteFrom('order_machine_stats').execute();
            await db.updateTable('order_stat_deltas').set({ sn: null }).execute();
            await noteMachineTotals(db as unknown as Kysely<unknown>);
          }
          for (const c of changes) {
            const id = ids[c.which % ids.length]!;
            const current = await db
              .selectFrom('orders')
              .select('amount')
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            await db
              .updateTable('orders')
              .set({
                paid_at: paidAt(c.paid),
                ...(c.where !== undefined
                  ? { store_id: stores[c.where]!.store, area_id: stores[c.where]!.area }
                  : {}),
                ...(c.machine !== undefined ? { sn: machines[c.machine]! } : {}),
                ...(c.status !== undefined ? { status: statuses[c.status]! } : {}),
                ...(c.refund !== undefined
                  ? { refund_fee: Math.floor((Number(current.amount) * c.refund) / 100) }
                  : {}),
              })
              .where('id', '=', id)
              .execute();
          }
          // Half the time every delta is folded; else some of them, or none.
          await stats.compact(fold.batch, fold.all ? 1_000 : fold.rounds);
          await expectRawSums(bills, base, queries);
        },
      ),
      { numRuns: dialect === 'postgres' ? 10 : 60 },
    );
  }, 180_000);

  it.runIf(dialect === 'postgres')('vacuums what it folded itself, without autovacuum', async () => {
    const db = t.db.kysely;
    const vacuumed = async () =>
      (
        await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
          where schemaname = current_schema() and relname = 'order_stat_deltas'`.execute(db)
      ).rows[0]?.at ?? null;
    const now = t.clock.now;
    for (let i = 0; i < 3; i++)
      await insertOrder(`V${i}`, {
        store_id: null,
        area_id: null,
        client: 'coin',
        status: 3,
        amount: 300,
        refund_fee: 0,
        cost_price: 100,
        created_at: now,
        paid_at: now + i,
      });
    const before = await vacuumed();
    expect(await new OrderStats(db, { vacuumAfter: 1 }).compact()).toBeGreaterThan(0);
    const after = await vacuumed();
    expect(after).not.toBeNull();
    expect(after).not.toEqual(before);
  });

  it('leaves no delta behind once folded', async () => {
    const stats = new OrderStats(t.db.kysely);
    while ((await stats.compact(500, 4)) > 0);
    const left = await t.db.kysely
      .selectFrom('order_stat_deltas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
