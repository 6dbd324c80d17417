import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill, BillList } from '@vendo/contract/api/orders';
import { DATE_RANGE_MAX_BACK_MS, earliestAllowedStart } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, setApp, staffAccount, type Caller } from '../catalog/catalog-testing';
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
  settle,
  standingMachine,
  virtualMachines,
} from './order-fixtures';

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
    expect(
      await call('/api/v1/b/getPayBill', { condition: { price_start: 500, price_end: 100 } }),
    ).toMatchObject({
      msg: 'Highest amount: The end cannot be before the start',
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
    expect((await buy({ store: stores['port'] }, mall)).count).toBe(0);
    expect((await call('/api/v1/b/getPayBill', {}, mall)).rcode).toBe(RCODE.FORBIDDEN);
    expect(ok<{ count: number }>(await call('/api/v1/c/getOneCard', { cardno: 'C-001' }, mall)).count).toBe(
      0,
    );

    expect((await buy({}, rival)).count).toBe(0);
    expect((await buy({ order_no: orders['wx'] }, rival)).count).toBe(0);
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
