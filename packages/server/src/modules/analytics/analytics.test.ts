import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesAnalysis, SalesSeries } from '@vendo/contract/api/analytics';
import type { BillList } from '@vendo/contract/api/orders';
import { DATE_RANGE_MAX_BACK_MS, earliestAllowedStart } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import type { NewOrderItem } from '../orders/order-repository';
import {
  mainAccount,
  ok,
  setApp,
  setStaffPermissions,
  staffAccount,
  type Caller,
} from '../catalog/catalog-testing';
import {
  ALIPAY_UA,
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  settle,
  standingMachine,
  virtualMachines,
} from '../orders/order-fixtures';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** An instant of November 2026 by its wall-clock time in Asia/Shanghai (UTC+8, no daylight saving). */
const local = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour - 8, minute);

type Place = 'mall' | 'station' | 'port';
interface SaleInput {
  at: number;
  client: string;
  amount: number;
  status: number;
  refund?: number;
  cost?: number;
  place: Place;
  items: Array<{ goods: 'cola' | 'chips'; price: number; quantity?: number; delivered?: number }>;
}

/**
 * The analytics calls over a small order set whose every figure is computed by hand below: Wednesday
 * 25 November 2026, noon in Asia/Shanghai, in a week starting Monday the 23rd. Orders are written the way the
 * order flows leave them (status, amount, refund, cost, the local sale day), so the triggers, the rollups and the
 * services are all on the path; one test also runs real purchases and compares with the payment bills.
 */
describe.each(dialects())('analytics on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let rival: Caller;
  const stores = {} as Record<Place | 'rival', number>;
  const areas = {} as Record<'north' | 'south', number>;
  const goods = {} as Record<'cola' | 'chips' | 'rival', number>;
  const SN: Record<Place, string> = { mall: '71001', station: '71002', port: '71003' };
  let seq = 0;

  /** A paid order as the order flows leave it, through the orders repository (its defaults for the rest). */
  async function paid(
    o: {
      no: string;
      merchantId: number;
      at: number;
      /** The local midnight of the sale in the merchant's zone. */
      day: number;
      amount: number;
      client?: string;
      status?: number;
      refund?: number;
      cost?: number;
      sn?: string;
      type?: string;
      areaId?: number | null;
      storeId?: number | null;
    },
    items: NewOrderItem[] = [],
    db: TestApp['db']['kysely'] = t.db.kysely,
  ): Promise<void> {
    const client = o.client ?? 'coin';
    await t.services.orders.repo.insert(
      db,
      {
        order_no: o.no,
        merchant_id: o.merchantId,
        sn: o.sn ?? '79000',
        device_type: o.type ?? 'vm',
        area_id: o.areaId ?? null,
        store_id: o.storeId ?? null,
        kind: 'goods',
        source: client === 'wechat' || client === 'alipay' ? 'customer' : 'machine',
        client,
        status: o.status ?? 3,
        amount: o.amount,
        refund_fee: o.refund ?? 0,
        refund_reserved: o.refund ?? 0,
        cost_price: o.cost ?? 0,
        created_at: o.at,
        paid_at: o.at,
        sale_day: o.day,
        finished_at: o.at,
        updated_at: o.at,
      },
      items,
    );
  }

  async function sale(s: SaleInput, merchant: Caller = owner): Promise<void> {
    const delivered = s.status === 3 || s.status === 6 || s.status === 7;
    await paid(
      {
        no: `A${++seq}`,
        merchantId: merchant.merchantId,
        at: s.at,
        day: Date.UTC(2026, 10, new Date(s.at + 8 * HOUR).getUTCDate(), -8),
        amount: s.amount,
        client: s.client,
        status: s.status,
        refund: s.refund ?? 0,
        cost: s.cost ?? 0,
        sn: SN[s.place],
        type: s.place === 'station' ? 'gpm' : 'vm',
        areaId: s.place === 'port' ? areas.south : areas.north,
        storeId: stores[s.place],
      },
      s.items.map((item, i) => {
        const quantity = item.quantity ?? 1;
        const cost = item.goods === 'cola' ? 120 : 320;
        return {
          position: i + 1,
          channel_id: null,
          channel_sn: i + 1,
          goods_id: goods[item.goods],
          goods_name: item.goods,
          img: '',
          price: item.price,
          cost_price: cost,
          quantity,
          delivered: item.delivered ?? (delivered ? quantity : 0),
          fault: '',
        };
      }),
    );
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    // Wednesday 25 November 2026, 12:00 in Shanghai.
    t.clock.now = local(25, 12);
    owner = await mainAccount(t, '13900000611');
    rival = await mainAccount(t, '13900000612');
    goods.cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    goods.chips = await addGoods(t, owner.merchantId, 'Chips', 650, 320);
    goods.rival = await addGoods(t, rival.merchantId, 'Rival cola', 300, 120);
    areas.north = await addArea(t, owner, 'North');
    areas.south = await addArea(t, owner, 'South');
    stores.mall = await addStore(t, owner, areas.north, 'Mall');
    stores.station = await addStore(t, owner, areas.north, 'Station');
    stores.port = await addStore(t, owner, areas.south, 'Port');
    stores.rival = await addStore(t, rival, await addArea(t, rival, 'Elsewhere'), 'Rival store');
    for (const place of ['mall', 'station', 'port'] as const) {
      await standingMachine(t, owner, {
        sn: SN[place],
        areaId: place === 'port' ? areas.south : areas.north,
        storeId: stores[place],
        goods: [goods.cola, goods.chips],
        ...(place === 'station' ? { type: 'gpm' } : {}),
      });
    }
    await t.db.kysely.updateTable('devices').set({ alive: 0 }).where('sn', '=', SN.port).execute();

    // Today, Wednesday (hand-computed figures in the tests).
    const cola = (price = 300, more = {}) => ({ goods: 'cola' as const, price, ...more });
    await sale({
      at: local(25, 0, 30),
      client: 'wechat',
      amount: 300,
      status: 3,
      cost: 120,
      place: 'mall',
      items: [cola()],
    });
    await sale({
      at: local(25, 9, 10),
      client: 'wechat',
      amount: 300,
      status: 3,
      cost: 120,
      place: 'mall',
      items: [cola()],
    });
    await sale({
      at: local(25, 9, 40),
      client: 'alipay',
      amount: 650,
      status: 3,
      cost: 320,
      place: 'mall',
      items: [{ goods: 'chips', price: 650 }],
    });
    await sale({
      at: local(25, 10, 5),
      client: 'coin',
      amount: 300,
      status: 3,
      cost: 120,
      place: 'station',
      items: [cola()],
    });
    // Delivery failed, refunded automatically in full.
    await sale({
      at: local(25, 11, 20),
      client: 'wechat',
      amount: 300,
      status: 8,
      refund: 300,
      place: 'port',
      items: [cola()],
    });
    // Delivered, then refunded in full by a person: its cost does not count.
    await sale({
      at: local(25, 11, 30),
      client: 'alipay',
      amount: 300,
      status: 9,
      refund: 300,
      cost: 120,
      place: 'port',
      items: [cola(300, { delivered: 1 })],
    });
    // Two colas, one came out: refunded in part automatically, counted with the cost of the one.
    await sale({
      at: local(25, 11, 45),
      client: 'wechat',
      amount: 600,
      status: 10,
      refund: 300,
      cost: 120,
      place: 'mall',
      items: [cola(300, { quantity: 2, delivered: 1 })],
    });
    await sale({
      at: local(25, 11, 50),
      client: 'alipay',
      amount: 650,
      status: 11,
      refund: 150,
      cost: 320,
      place: 'station',
      items: [{ goods: 'chips', price: 650, delivered: 1 }],
    });
    // Abnormal: no result (5), paid (1), taken by the machine (2).
    await sale({
      at: local(25, 11, 55),
      client: 'wechat',
      amount: 300,
      status: 5,
      place: 'port',
      items: [cola()],
    });
    await sale({
      at: local(25, 11, 56),
      client: 'wechat',
      amount: 300,
      status: 1,
      place: 'port',
      items: [cola()],
    });
    await sale({
      at: local(25, 11, 57),
      client: 'alipay',
      amount: 300,
      status: 2,
      place: 'port',
      items: [cola()],
    });
    await sale({
      at: local(25, 11, 58),
      client: 'iccard',
      amount: 280,
      status: 3,
      cost: 120,
      place: 'station',
      items: [cola(280)],
    });
    // A remote dispense took no money: not a sale.
    await sale({
      at: local(25, 11, 0),
      client: 'remote',
      amount: 0,
      status: 3,
      cost: 120,
      place: 'mall',
      items: [cola(0)],
    });
    // Tuesday 23:30 in Shanghai, the same UTC day as Wednesday 00:30 above.
    await sale({
      at: local(24, 23, 30),
      client: 'wechat',
      amount: 300,
      status: 3,
      cost: 120,
      place: 'mall',
      items: [cola()],
    });
    // Monday, the week's first day.
    await sale({
      at: local(23, 10),
      client: 'alipay',
      amount: 650,
      status: 3,
      cost: 320,
      place: 'mall',
      items: [{ goods: 'chips', price: 650 }],
    });
    // Sunday: the week before.
    await sale({
      at: local(22, 10),
      client: 'wechat',
      amount: 300,
      status: 3,
      cost: 120,
      place: 'mall',
      items: [cola()],
    });
    // Another merchant's sale today.
    await paid({
      no: 'RIVAL1',
      merchantId: rival.merchantId,
      at: local(25, 9),
      day: local(25, 0),
      amount: 5000,
      sn: '71999',
      storeId: stores.rival,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const series = async (path: string, condition: Record<string, unknown>, caller: Caller = owner) =>
    ok<SalesSeries>(await call(path, { condition }, caller));
  const byLabel = (s: SalesSeries) => Object.fromEntries(s.records.map((r) => [r.label, r.income]));
  const nonZero = (s: SalesSeries) =>
    Object.fromEntries(s.records.filter((r) => r.count > 0).map((r) => [r.label, r.income]));

  const TODAY: SalesAnalysis = {
    count: 12,
    income: 3530,
    refund: 1050,
    wxIncome: 1500,
    alipayIncome: 1450,
    otherIncome: 580,
    successCount: 5,
    successRate: 4167,
    refundCount: 4,
    refundRate: 3333,
    wxCount: 6,
    wxRate: 5000,
    alipayCount: 4,
    alipayRate: 3333,
    otherCount: 2,
    abnormalCount: 3,
    costPrice: 1240,
    profit: 2290,
    price: 706,
  };

  it('answers home and the dashboard overview: today, yesterday and the machines online', async () => {
    expect(ok(await call('/api/v1/a/overview', {}))).toEqual({
      today: {
        income: 3530,
        costPrice: 1240,
        profit: 2290,
        successCount: 5,
        refundCount: 4,
        price: 706,
        refund: 1050,
        abnormalCount: 3,
      },
      yesterday: {
        income: 300,
        costPrice: 120,
        profit: 180,
        successCount: 1,
        refundCount: 0,
        price: 300,
        refund: 0,
        abnormalCount: 0,
      },
      device: { online: 2, offline: 1 },
    });
  });

  it('charts today by hour in the merchant zone, with every hour present', async () => {
    const today = await series('/api/v1/a/detail', {});
    expect(today.bucket).toBe('hour');
    expect(today.analysis).toEqual(TODAY);
    expect(today.range).toEqual({ start_time: local(25, 0), end_time: local(25, 13) });
    expect(today.records.map((r) => r.key)).toEqual([...Array(24).keys()]);
    expect(nonZero(today)).toEqual({ '00:00': 300, '09:00': 950, '10:00': 300, '11:00': 1980 });
    expect(today.records[11]).toEqual({
      key: 11,
      label: '11:00',
      hour: 11,
      weekDay: null,
      day: null,
      month: null,
      count: 8,
      income: 1980,
      refund: 1050,
      successCount: 1,
      refundCount: 4,
      wechatIncome: 900,
      alipayIncome: 800,
      otherIncome: 280,
      wechatRefund: 600,
      alipayRefund: 450,
      otherRefund: 0,
      wechatCount: 4,
      alipayCount: 3,
      otherCount: 1,
      costPrice: 560,
      profit: 1420,
    });
    expect(today.records[0]).toMatchObject({ wechatIncome: 300, wechatCount: 1, costPrice: 120 });
    expect(today.records[5]).toMatchObject({ count: 0, income: 0, costPrice: 0, profit: 0 });
  });

  it('cuts days at local midnight and weeks from Monday', async () => {
    // The picker's "this week": Monday 00:00 to now.
    const week = await series('/api/v1/a/detail', { start_time: local(23, 0), end_time: t.clock.now });
    expect(week.bucket).toBe('weekDay');
    expect(week.records.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(byLabel(week)).toEqual({ 1: 650, 2: 300, 3: 3530, 4: 0, 5: 0, 6: 0, 7: 0 });
    expect(week.analysis.income).toBe(650 + 300 + 3530);
    // Last week's Sunday sale is in no bucket of this week.
    const days = await series('/api/v1/a/detail', {
      start_time: local(22, 0),
      end_time: t.clock.now,
      bucket: 'day',
    });
    expect(days.records.map((r) => [r.day, r.weekDay, r.income])).toEqual([
      ['2026-11-22', 7, 300],
      ['2026-11-23', 1, 650],
      ['2026-11-24', 2, 300],
      ['2026-11-25', 3, 3530],
    ]);
    expect(days.records[0]!.key).toBe(local(22, 0));
    // Tuesday 23:30 and Wednesday 00:30 are one UTC day apart from nothing, but two local days.
    const month = await series('/api/v1/a/detail', { start_time: local(1, 0), end_time: t.clock.now });
    expect(month.bucket).toBe('day');
    expect(month.records).toHaveLength(25);
    expect(month.records.filter((r) => r.count).map((r) => r.label)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    const months = await series('/api/v1/a/detail', {
      start_time: Date.UTC(2026, 8, 1, -8),
      end_time: t.clock.now,
    });
    expect(months.bucket).toBe('month');
    expect(months.records.map((r) => [r.label, r.income])).toEqual([
      ['2026-09', 0],
      ['2026-10', 0],
      ['2026-11', 300 + 650 + 300 + 3530],
    ]);
  });

  it('checks the range by the picker’s rules and names the field', async () => {
    const now = t.clock.now;
    expect(
      await call('/api/v1/a/detail', { condition: { start_time: now - DAY, end_time: now + 2 * 60_000 } }),
    ).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'End time: The end cannot be in the future',
    });
    expect(
      await call('/api/v1/a/detail', { condition: { start_time: now - DAY, end_time: now + 30_000 } }),
    ).toMatchObject({
      rcode: 0,
    });
    expect(
      await call('/api/v1/a/detail', { condition: { start_time: now, end_time: now - HOUR } }),
    ).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'End time: The end cannot be before the start',
    });
    expect(
      await call('/api/v1/a/storeDays', { condition: { start_time: now - DATE_RANGE_MAX_BACK_MS - DAY } }),
    ).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Start time: The start is too far back' });
    // The one range rule of the contract, as the picker and the bill lists: exactly at the limit passes (930 days,
    // not "about 93"), 1 ms earlier does not — from now, and from an end in the past.
    for (const end of [now, now - 10 * DAY]) {
      const limit = earliestAllowedStart(end, now);
      expect(limit).toBe(end - 80_352_000_000);
      expect(
        await call('/api/v1/a/detail', { condition: { start_time: limit, end_time: end } }),
      ).toMatchObject({ rcode: 0, result: { bucket: 'month' } });
      expect(
        await call('/api/v1/a/detail', { condition: { start_time: limit - 1, end_time: end } }),
      ).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Start time: The start is too far back' });
    }
    expect(await call('/api/v1/a/area', { condition: { end_time: now + HOUR } }, owner)).toMatchObject({
      msg: 'End time: The end cannot be in the future',
    });
    expect(await call('/api/v1/a/detail', { condition: { bucket: 'year' } })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Grouping: Invalid value',
    });
    const zh = await t.call(
      '/api/v1/a/detail',
      { condition: { start_time: now, end_time: now - HOUR } },
      { ...owner.headers, lang: 'zh-CN' },
    );
    expect(zh.msg).toBe('结束时间不能早于开始时间');
  });

  it('ranks stores, machines and goods with their names', async () => {
    const storeRank = ok<{
      data: Array<{
        store: { store_name: string };
        area: { area_name: string } | null;
        figures: Record<string, number | null>;
      }>;
    }>(await call('/api/v1/a/storeDays', { condition: {} }));
    expect(storeRank.data.map((r) => [r.store.store_name, r.area?.area_name, r.figures.income])).toEqual([
      ['Mall', 'North', 1550],
      ['Station', 'North', 1080],
      ['Port', 'South', 900],
    ]);
    expect(storeRank.data[0]!.figures).toEqual({
      count: 4,
      income: 1550,
      refund: 300,
      successCount: 3,
      refundCount: 1,
      costPrice: 680,
      profit: 870,
    });
    const byCount = ok<{ data: Array<{ store: { store_name: string } }> }>(
      await call('/api/v1/a/storeDays', { condition: { sort_attr: 'count', top: 2 } }),
    );
    expect(byCount.data.map((r) => r.store.store_name)).toEqual(['Mall', 'Station']);

    const devRank = ok<{
      data: Array<{
        sn: string;
        title: string;
        type: string;
        store: { store_name: string } | null;
        figures: { income: number };
      }>;
    }>(await call('/api/v1/a/devDays', { condition: { sort_attr: 'income' } }));
    expect(devRank.data.map((r) => [r.sn, r.type, r.store?.store_name, r.figures.income])).toEqual([
      [SN.mall, 'vm', 'Mall', 1550],
      [SN.station, 'gpm', 'Station', 1080],
      [SN.port, 'vm', 'Port', 900],
    ]);

    const top = ok<{
      data: Array<Record<string, unknown>>;
      count: number;
      total: { count: number; income: number };
    }>(await call('/api/v1/a/goodSum', { pageNum: 1, pageSize: 10, condition: { sort_attr: 'income' } }));
    expect(top.total).toEqual({ count: 8, income: 3530 });
    expect(top.count).toBe(2);
    expect(top.data).toEqual([
      {
        goods_id: goods.cola,
        goods_name: 'Cola',
        img: '',
        count: 6,
        income: 2380,
        price: 397,
        incomeRate: 6742,
        countRate: 7500,
        costPrice: 600,
        profit: 1780,
      },
      {
        goods_id: goods.chips,
        goods_name: 'Chips',
        img: '',
        count: 2,
        income: 1150,
        price: 575,
        incomeRate: 3258,
        countRate: 2500,
        costPrice: 640,
        profit: 510,
      },
    ]);
    const page2 = ok<{ data: Array<{ goods_name: string }>; count: number }>(
      await call('/api/v1/a/o/goodSumForG', { pageNum: 2, pageSize: 1, condition: { sort_attr: 'count' } }),
    );
    expect(page2).toMatchObject({ count: 2, data: [{ goods_name: 'Chips' }] });
  });

  it('lists every area, store and machine of the caller with its analysis, zeros included', async () => {
    const empty = await addStore(t, owner, areas.south, 'Empty');
    const areaList = ok<{
      data: Array<{ area_name: string; store_count: number; analysis: SalesAnalysis }>;
      count: number;
    }>(await call('/api/v1/a/area', { condition: {} }));
    expect(areaList.data.map((a) => [a.area_name, a.store_count, a.analysis.income])).toEqual([
      ['North', 2, 2630],
      ['South', 2, 900],
    ]);
    expect(areaList.data[1]!.analysis).toMatchObject({
      count: 5,
      successCount: 0,
      abnormalCount: 3,
      price: 0,
    });
    const storeList = ok<{
      data: Array<{
        store_name: string;
        dev_count: number;
        area: { area_name: string };
        analysis: SalesAnalysis;
      }>;
      count: number;
    }>(await call('/api/v1/a/store', { pageSize: 3, condition: {} }));
    expect(storeList.count).toBe(4);
    expect(
      storeList.data.map((s) => [s.store_name, s.area.area_name, s.dev_count, s.analysis.income]),
    ).toEqual([
      ['Mall', 'North', 1, 1550],
      ['Station', 'North', 1, 1080],
      ['Port', 'South', 1, 900],
    ]);
    const last = ok<{ data: Array<{ _id: number; analysis: SalesAnalysis }> }>(
      await call('/api/v1/a/store', { pageNum: 2, pageSize: 3, condition: {} }),
    );
    expect(last.data).toMatchObject([{ _id: empty, analysis: { count: 0, income: 0, price: 0 } }]);
    const north = ok<{ count: number }>(await call('/api/v1/a/store', { condition: { area: areas.north } }));
    expect(north.count).toBe(2);

    const devices = ok<{
      data: Array<{ sn: string; alive: number; analysis: SalesAnalysis }>;
      count: number;
    }>(await call('/api/v1/a/device', { condition: {} }));
    expect(devices.data.map((d) => [d.sn, d.alive, d.analysis.income])).toEqual([
      [SN.mall, 1, 1550],
      [SN.station, 1, 1080],
      [SN.port, 0, 900],
    ]);
    const gpm = ok<{ data: Array<{ sn: string }> }>(
      await call('/api/v1/a/device', { condition: { type: 'gpm' } }),
    );
    expect(gpm.data.map((d) => d.sn)).toEqual([SN.station]);

    expect(ok(await call('/api/v1/a/o/device', {}))).toEqual({
      data: [
        { type: 'gpm', type_text: expect.any(String), total: 1, online: 1, offline: 0, onlineRate: 10000 },
        { type: 'vm', type_text: expect.any(String), total: 2, online: 1, offline: 1, onlineRate: 5000 },
      ],
      total: 3,
      online: 2,
      offline: 1,
      onlineRate: 6667,
    });
    await call('/api/v1/u/delStore', { _id: empty });
  });

  it('gives the series of one area, store or machine, by day and by hour of the day', async () => {
    const week = { start_time: local(22, 0), end_time: t.clock.now };
    const mallDays = await series('/api/v1/a/days', { ...week, store: stores.mall });
    expect(mallDays.bucket).toBe('day');
    expect(mallDays.records.map((r) => [r.label, r.income])).toEqual([
      ['2026-11-22', 300],
      ['2026-11-23', 650],
      ['2026-11-24', 300],
      ['2026-11-25', 1550],
    ]);
    const mallHours = await series('/api/v1/a/hours', { ...week, sn: SN.mall });
    expect(nonZero(mallHours)).toEqual({
      '00:00': 300,
      '09:00': 950,
      '10:00': 300 + 650,
      '11:00': 300,
      '23:00': 300,
    });
    expect(mallHours.analysis.income).toBe(2800);
    const south = await series('/api/v1/a/days', { area: areas.south });
    expect(south.analysis).toMatchObject({ income: 900, abnormalCount: 3, refundCount: 2 });
    expect((await series('/api/v1/a/o/dayOrder', week)).analysis.income).toBe(300 + 650 + 300 + 3530);
    expect(nonZero(await series('/api/v1/a/o/hoursOrder', {}))).toEqual({
      '00:00': 300,
      '09:00': 950,
      '10:00': 300,
      '11:00': 1980,
    });

    for (const condition of [{}, { area: areas.north, store: stores.mall }]) {
      expect(await call('/api/v1/a/days', { condition })).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: 'Choose exactly one area, store or machine',
      });
    }
  });

  it('gives one goods by hour, by day and by store', async () => {
    const hours = ok<{
      goods: { count: number; income: number; incomeRate: number };
      records: Array<{ label: string; count: number; income: number }>;
    }>(await call('/api/v1/a/goodsHours', { condition: { goods_id: goods.cola } }));
    expect(hours.goods).toMatchObject({ count: 6, income: 2380, incomeRate: 6742 });
    expect(hours.records).toHaveLength(24);
    expect(hours.records.filter((r) => r.count || r.income)).toEqual([
      { key: 0, label: '00:00', count: 1, income: 300 },
      { key: 9, label: '09:00', count: 1, income: 300 },
      { key: 10, label: '10:00', count: 1, income: 300 },
      { key: 11, label: '11:00', count: 3, income: 1480 },
    ]);
    const days = ok<{ records: Array<{ label: string; count: number; income: number }> }>(
      await call('/api/v1/a/goodsDay', { condition: { goods_id: goods.chips, start_time: local(23, 0) } }),
    );
    expect(days.records.map((r) => [r.label, r.count, r.income])).toEqual([
      ['2026-11-23', 1, 650],
      ['2026-11-24', 0, 0],
      ['2026-11-25', 2, 1150],
    ]);
    const byStore = ok<{ data: Array<Record<string, unknown>> }>(
      await call('/api/v1/a/goodStore', { condition: { goods_id: goods.cola } }),
    );
    expect(byStore.data).toEqual([
      { area_name: 'North', store_name: 'Mall', store_id: stores.mall, count: 4, income: 900 },
      { area_name: 'South', store_name: 'Port', store_id: stores.port, count: 0, income: 900 },
      { area_name: 'North', store_name: 'Station', store_id: stores.station, count: 2, income: 580 },
    ]);
    expect(await call('/api/v1/a/goodsDay', { condition: {} })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Goods: Cannot be empty',
    });
  });

  it('shows cost and profit only with the profit view', async () => {
    const clerk = await staffAccount(t, owner, { account: 'clerk', perms: [1020, 1035] });
    const hidden = await series('/api/v1/a/detail', {}, clerk);
    expect(hidden.analysis).toMatchObject({ income: 3530, costPrice: null, profit: null });
    expect(hidden.records[0]).toMatchObject({ costPrice: null, profit: null });
    expect(
      ok<{ today: { costPrice: null } }>(await call('/api/v1/a/overview', {}, clerk)).today,
    ).toMatchObject({
      costPrice: null,
      profit: null,
    });
    const top = ok<{ data: Array<{ costPrice: number | null }> }>(await call('/api/v1/a/goodSum', {}, clerk));
    expect(top.data[0]!.costPrice).toBeNull();
    const boss = await staffAccount(t, owner, { account: 'boss', perms: [1020, 1038] });
    expect((await series('/api/v1/a/detail', {}, boss)).analysis.costPrice).toBe(1240);
    await setApp(t, owner.merchantId, 'Profit', { expireAt: t.clock.now - 1 });
    expect((await series('/api/v1/a/detail', {})).analysis.costPrice).toBeNull();
    await setApp(t, owner.merchantId, 'Profit', { expireAt: t.clock.now + 30 * DAY });
  });

  it('keeps staff to their stores and refuses ids outside them', async () => {
    const everything = [1020, 1025, 1026, 1027, 1035];
    const mall = await staffAccount(t, owner, {
      account: 'mallstaff',
      storeIds: [stores.mall],
      perms: everything,
    });
    expect((await series('/api/v1/a/detail', {}, mall)).analysis.income).toBe(1550);
    expect(
      ok<{ today: { income: number }; device: unknown }>(await call('/api/v1/a/overview', {}, mall)),
    ).toMatchObject({
      today: { income: 1550 },
      device: { online: 1, offline: 0 },
    });
    const stores1 = ok<{ data: Array<{ store: { store_name: string } }> }>(
      await call('/api/v1/a/storeDays', {}, mall),
    );
    expect(stores1.data.map((r) => r.store.store_name)).toEqual(['Mall']);
    const areaList = ok<{
      data: Array<{ area_name: string; store_count: number; analysis: { income: number } }>;
    }>(await call('/api/v1/a/area', {}, mall));
    expect(areaList.data.map((a) => [a.area_name, a.store_count, a.analysis.income])).toEqual([
      ['North', 1, 1550],
    ]);
    const goodsTop = ok<{ total: { income: number } }>(await call('/api/v1/a/goodSum', {}, mall));
    expect(goodsTop.total.income).toBe(1550);
    expect(ok<{ data: unknown[] }>(await call('/api/v1/a/device', {}, mall)).data).toHaveLength(1);
    expect(ok<{ total: number }>(await call('/api/v1/a/o/device', {}, mall)).total).toBe(1);

    const refused: Array<[string, Record<string, unknown>, number]> = [
      ['/api/v1/a/detail', { store: stores.port }, RCODE.STORE_OUT_OF_SCOPE],
      ['/api/v1/a/detail', { area: areas.south }, RCODE.AREA_NOT_FOUND],
      ['/api/v1/a/days', { sn: SN.port }, RCODE.DEVICE_NOT_FOUND],
      ['/api/v1/a/detail', { store: stores.rival }, RCODE.STORE_NOT_FOUND],
      ['/api/v1/a/device', { sn: '71999' }, RCODE.DEVICE_NOT_FOUND],
      ['/api/v1/a/goodStore', { goods_id: goods.rival }, RCODE.GOODS_NOT_FOUND],
    ];
    for (const [path, condition, code] of refused) {
      const answer = await call(path, { condition }, mall);
      expect([path, answer.rcode, answer.result]).toEqual([path, code, null]);
    }
    // Another merchant names the owner's ids.
    for (const [path, condition, code] of [
      ['/api/v1/a/detail', { store: stores.mall }, RCODE.STORE_NOT_FOUND],
      ['/api/v1/a/detail', { area: areas.north }, RCODE.AREA_NOT_FOUND],
      ['/api/v1/a/hours', { sn: SN.mall }, RCODE.DEVICE_NOT_FOUND],
      ['/api/v1/a/goodsHours', { goods_id: goods.cola }, RCODE.GOODS_NOT_FOUND],
    ] as const) {
      expect((await call(path, { condition }, rival)).rcode, path).toBe(code);
    }
    expect((await series('/api/v1/a/detail', {}, rival)).analysis.income).toBe(5000);
  });

  it('lets /a/days and /a/hours through by the permission of the place named', async () => {
    const areaOnly = await staffAccount(t, owner, { account: 'areaonly', perms: [1025] });
    expect((await call('/api/v1/a/days', { condition: { area: areas.north } }, areaOnly)).rcode).toBe(0);
    expect((await call('/api/v1/a/hours', { condition: { store: stores.mall } }, areaOnly)).rcode).toBe(
      RCODE.FORBIDDEN,
    );
    expect((await call('/api/v1/a/days', { condition: { sn: SN.mall } }, areaOnly)).rcode).toBe(
      RCODE.FORBIDDEN,
    );
    const storeOnly = await staffAccount(t, owner, { account: 'storeonly', perms: [1026] });
    expect((await call('/api/v1/a/hours', { condition: { store: stores.mall } }, storeOnly)).rcode).toBe(0);
    expect((await call('/api/v1/a/hours', { condition: { area: areas.north } }, storeOnly)).rcode).toBe(
      RCODE.FORBIDDEN,
    );
    const deviceOnly = await staffAccount(t, owner, { account: 'deviceonly', perms: [1027] });
    expect((await call('/api/v1/a/days', { condition: { sn: SN.mall } }, deviceOnly)).rcode).toBe(0);
    expect((await call('/api/v1/a/detail', {}, deviceOnly)).rcode).toBe(RCODE.FORBIDDEN);
  });

  it('keeps the names of deleted stores and of machines the merchant had once', async () => {
    const kiosk = await addStore(t, owner, areas.south, 'Kiosk');
    // A machine bound to the merchant once, unbound since.
    const [old] = await t.services.devices.provision(1, 'fdj');
    const oldSn = old!.sn;
    await t.db.kysely
      .insertInto('device_bindings')
      .values({
        sn: oldSn,
        merchant_id: owner.merchantId,
        title: 'Old machine',
        type: 'fdj',
        bound_by: owner.userId,
        bound_at: local(1, 0),
        unbound_by: owner.userId,
        unbound_at: local(21, 0),
      })
      .execute();
    // Last Friday, in a store deleted since, by that machine.
    await paid({
      no: 'GONE1',
      merchantId: owner.merchantId,
      at: local(20, 15),
      day: local(20, 0),
      amount: 700,
      sn: oldSn,
      type: 'fdj',
      areaId: areas.south,
      storeId: kiosk,
    });
    ok(await call('/api/v1/u/delStore', { _id: kiosk }));
    const friday = { start_time: local(20, 0), end_time: local(21, 0) - 1 };
    const rank = ok<{ data: Array<{ store: { store_name: string }; figures: { income: number } }> }>(
      await call('/api/v1/a/storeDays', { condition: friday }),
    );
    expect(rank.data.map((r) => [r.store.store_name, r.figures.income])).toEqual([['Kiosk', 700]]);
    const list = ok<{ data: Array<{ store_name: string; analysis: { income: number } }> }>(
      await call('/api/v1/a/store', { condition: { ...friday, area: areas.south } }),
    );
    expect(list.data.map((s) => [s.store_name, s.analysis.income])).toEqual([
      ['Kiosk', 700],
      ['Port', 0],
    ]);
    expect((await series('/api/v1/a/days', { ...friday, store: kiosk })).analysis.income).toBe(700);
    const machines = ok<{ data: Array<{ sn: string; title: string; type: string; store: unknown }> }>(
      await call('/api/v1/a/devDays', { condition: friday }),
    );
    expect(machines.data).toMatchObject([{ sn: oldSn, title: 'Old machine', type: 'fdj', store: null }]);
    const devices = ok<{ data: Array<{ sn: string; analysis: { income: number } }> }>(
      await call('/api/v1/a/device', { condition: friday }),
    );
    expect(devices.data.map((d) => [d.sn, d.analysis.income])).toEqual([
      [oldSn, 700],
      [SN.mall, 0],
      [SN.station, 0],
      [SN.port, 0],
    ]);
    expect((await series('/api/v1/a/hours', { ...friday, sn: oldSn })).analysis.income).toBe(700);
  });

  it('cuts hours and days in the merchant’s own zone, half-hour offsets included', async () => {
    const delhi = await mainAccount(t, '13900000614');
    await t.db.kysely
      .updateTable('merchants')
      .set({ time_zone: 'Asia/Kolkata' })
      .where('id', '=', delhi.merchantId)
      .execute();
    // Now is 09:30 in Kolkata (UTC+5:30); its midnight is 18:30 UTC the day before.
    const midnight = Date.UTC(2026, 10, 24, 18, 30);
    for (const [at, day] of [
      [midnight - 10 * 60_000, midnight - DAY],
      [midnight + 10 * 60_000, midnight],
      [midnight + 9 * HOUR + 5 * 60_000, midnight],
    ] as const) {
      await paid({ no: `IN${at}`, merchantId: delhi.merchantId, at, day, amount: 500 });
    }
    const today = await series('/api/v1/a/detail', {}, delhi);
    expect(today.range).toEqual({ start_time: midnight, end_time: midnight + 10 * HOUR });
    expect(nonZero(today)).toEqual({ '00:00': 500, '09:00': 500 });
    expect(
      ok<{ yesterday: { income: number } }>(await call('/api/v1/a/overview', {}, delhi)).yesterday.income,
    ).toBe(500);
    const days = await series(
      '/api/v1/a/detail',
      { start_time: midnight - DAY, end_time: t.clock.now, bucket: 'day' },
      delhi,
    );
    expect(days.records.map((r) => [r.key, r.label, r.income])).toEqual([
      [midnight - DAY, '2026-11-24', 500],
      [midnight, '2026-11-25', 1000],
    ]);
  });

  it('agrees with the payment bills over orders made by real purchases', async () => {
    const restore = virtualMachines(t, {});
    try {
      t.clock.now = local(26, 9);
      await customerPays(t, SN.mall, 1);
      await customerPays(t, SN.mall, 2, { userAgent: ALIPAY_UA });
      await settle(t);
      t.clock.advance(60_000);
      const condition = { start_time: local(26, 0), end_time: t.clock.now };
      const pay = ok<BillList>(await call('/api/v1/b/getPayBill', { condition }));
      const detail = await series('/api/v1/a/detail', condition);
      const { price, ...analysis } = detail.analysis;
      expect(pay.count).toBe(2);
      expect(analysis).toEqual(pay.analysis);
      expect(price).toBe(Math.round(pay.analysis.income / pay.analysis.successCount));
      await t.services.orders.jobs.tick();
      expect((await series('/api/v1/a/detail', condition)).analysis).toEqual(detail.analysis);
    } finally {
      restore();
      t.clock.now = local(25, 12);
    }
  });

  // -- Report download

  const ask = async (body: Record<string, unknown>, caller: Caller = owner, lang = 'en-US') => {
    const answer = await t.call('/api/v1/a/report', body, { ...caller.headers, lang });
    return answer;
  };
  const link = async (body: Record<string, unknown>, caller: Caller = owner, lang = 'en-US') =>
    ok<{ url: string; filename: string; expires_at: number }>(await ask(body, caller, lang));
  const fetchFile = async (url: string, headers: Record<string, string> = {}) => {
    const { pathname, search } = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
    return response;
  };
  const sheetOf = async (data: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  };
  const csvOf = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));

  it('downloads the sales chart as XLSX with the screen’s figures, headers in the caller’s language', async () => {
    const screen = await series('/api/v1/a/detail', {});
    const made = await link({ kind: 'detail' });
    expect(made.filename).toBe('Sales_20261125-20261125.xlsx');
    expect(made.expires_at).toBe(t.clock.now + 10 * 60_000);
    const response = await fetchFile(made.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Sales_20261125-20261125.xlsx",
    );
    const { name, rows } = await sheetOf(response.rawPayload);
    expect(name).toBe('Sales');
    expect(rows[0]).toEqual([
      'Period',
      'Orders',
      'Successful',
      'Refunded',
      'Income (yuan)',
      'Refunds (yuan)',
      'WeChat (yuan)',
      'Alipay (yuan)',
      'Other (yuan)',
      'Cost (yuan)',
      'Profit (yuan)',
    ]);
    expect(rows).toHaveLength(1 + 24 + 1);
    expect(rows[12]).toEqual(['11:00', 8, 1, 4, 19.8, 10.5, 9, 8, 2.8, 5.6, 14.2]);
    const total = rows[25]!;
    expect(total).toEqual(['Total', 12, 5, 4, 35.3, 10.5, 15, 14.5, 5.8, 12.4, 22.9]);
    expect(Math.round((total[4] as number) * 100)).toBe(screen.analysis.income);

    const zh = await link({ kind: 'detail', format: 'csv' }, owner, 'zh-CN');
    expect(zh.filename).toBe('销售统计_20261125-20261125.csv');
    const text = (await fetchFile(zh.url)).body;
    expect(text.startsWith('\uFEFF时段,订单数,成功笔数')).toBe(true);
  });

  it('downloads the bills a page at a time, every order once, totals equal to the screen’s', async () => {
    const big = await mainAccount(t, '13900000613');
    const count = 1203;
    const base = local(25, 8);
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n++) {
        const refunded = n % 10 === 0;
        await paid(
          {
            no: `BIG${n}`,
            merchantId: big.merchantId,
            // Four orders share each second: the pages must cut between equal times too.
            at: base + Math.floor(n / 4) * 1000,
            day: local(25, 0),
            amount: 100 + (n % 7),
            client: n % 3 === 0 ? 'wechat' : n % 3 === 1 ? 'alipay' : 'coin',
            status: refunded ? 9 : 3,
            refund: refunded ? 100 + (n % 7) : 0,
            cost: 40,
          },
          [],
          trx,
        );
      }
    });
    const screen = ok<BillList>(await call('/api/v1/b/getPayBill', { condition: {} }, big));
    expect(screen.count).toBe(count);
    const made = await link({ kind: 'payBill', format: 'csv' }, big);
    expect(made.filename).toBe('Payment bills_20261125-20261125.csv');
    const rows = csvOf((await fetchFile(made.url)).body);
    expect(rows[0]!.slice(0, 3)).toEqual(['Order number', 'Time', 'Area']);
    const bills = rows.slice(1, -1);
    expect(bills).toHaveLength(count);
    expect(new Set(bills.map((r) => r[0])).size).toBe(count);
    expect(bills[0]![0]).toBe(`BIG${count - 1}`);
    expect(bills[0]![1]).toBe('2026-11-25 08:05:00');
    const cents = (text: string) => Math.round(Number(text) * 100);
    const incomeColumn = rows[0]!.indexOf('Income (yuan)');
    expect(bills.reduce((sum, r) => sum + cents(r[incomeColumn]!), 0)).toBe(screen.analysis.income);
    const total = rows[rows.length - 1]!;
    expect(total[0]).toBe(`Total (${count})`);
    expect(cents(total[incomeColumn]!)).toBe(screen.analysis.income);
    expect(cents(total[rows[0]!.indexOf('Refunds (yuan)')]!)).toBe(screen.analysis.refund);
    expect(cents(total[rows[0]!.indexOf('Cost (yuan)')]!)).toBe(screen.analysis.costPrice);

    const xlsx = await sheetOf((await fetchFile((await link({ kind: 'payBill' }, big)).url)).rawPayload);
    expect(xlsx.rows).toHaveLength(count + 2);
    expect(xlsx.rows[count + 1]![11]).toBeCloseTo(screen.analysis.income / 100, 2);
  }, 60_000);

  it('writes the statistics lists and goods with the lists’ own figures and the caller’s scope', async () => {
    const storeFile = await sheetOf((await fetchFile((await link({ kind: 'store' })).url)).rawPayload);
    expect(storeFile.rows[0]!.slice(0, 4)).toEqual(['Store', 'Area', 'Machines', 'Orders']);
    expect(storeFile.rows.slice(1).map((r) => [r[0], r[6]])).toEqual([
      ['Mall', 15.5],
      ['Station', 10.8],
      ['Port', 9],
      ['Total', 35.3],
    ]);
    const goodsFile = csvOf((await fetchFile((await link({ kind: 'goods', format: 'csv' })).url)).body);
    expect(goodsFile).toEqual([
      [
        'Goods',
        'Units',
        'Income (yuan)',
        'Unit price (yuan)',
        'Share of income',
        'Share of units',
        'Cost (yuan)',
        'Profit (yuan)',
      ],
      ['Cola', '6', '23.80', '3.97', '67.42%', '75.00%', '6.00', '17.80'],
      ['Chips', '2', '11.50', '5.75', '32.58%', '25.00%', '6.40', '5.10'],
      ['Total', '8', '35.30', '4.41', '', '', '12.40', '22.90'],
    ]);
    const devicesFile = csvOf(
      (await fetchFile((await link({ kind: 'device', format: 'csv', condition: { area: areas.north } })).url))
        .body,
    );
    expect(devicesFile.slice(1).map((r) => [r[0], r[8]])).toEqual([
      [SN.mall, '15.50'],
      [SN.station, '10.80'],
      ['Total', '26.30'],
    ]);

    // Staff of the mall without the profit view: their store only, no cost or profit columns.
    const mall = await staffAccount(t, owner, {
      account: 'mallreport',
      storeIds: [stores.mall],
      perms: [1025, 1033],
    });
    const areasFile = csvOf((await fetchFile((await link({ kind: 'area', format: 'csv' }, mall)).url)).body);
    expect(areasFile).toEqual([
      [
        'Area',
        'Stores',
        'Orders',
        'Successful',
        'Refunded',
        'Income (yuan)',
        'Refunds (yuan)',
        'Average order (yuan)',
      ],
      ['North', '1', '4', '3', '1', '15.50', '3.00', '5.17'],
      ['Total', '', '4', '3', '1', '15.50', '3.00', '5.17'],
    ]);
    expect((await ask({ kind: 'store' }, mall)).rcode).toBe(RCODE.FORBIDDEN);
    expect((await ask({ kind: 'buyBill' }, mall)).rcode).toBe(RCODE.FORBIDDEN);
  });

  it('checks what a report asks for as the screen would', async () => {
    const now = t.clock.now;
    expect(
      await ask({ kind: 'area', condition: { start_time: now - DATE_RANGE_MAX_BACK_MS - DAY } }),
    ).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Start time: The start is too far back',
    });
    expect(await ask({ kind: 'buyBill', condition: { status: 42 } })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Order status: Invalid value',
    });
    expect(
      await ask({ kind: 'buyBill', condition: { start_time: now - 94 * DAY, end_time: now } }),
    ).toMatchObject({ rcode: 0 });
    expect(
      await ask({
        kind: 'buyBill',
        condition: { start_time: earliestAllowedStart(now - 1, now) - 1, end_time: now },
      }),
    ).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Start time: The start is too far back',
    });
    expect(await ask({ kind: 'detail', condition: { store: stores.rival } })).toMatchObject({
      rcode: RCODE.STORE_NOT_FOUND,
    });
    expect(await ask({ kind: 'ledger' })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Report: Invalid value',
    });
    expect(await ask({ kind: 'detail', format: 'pdf' })).toMatchObject({ msg: 'File format: Invalid value' });
    const none = await staffAccount(t, owner, { account: 'noreport', perms: [1020, 1021] });
    expect((await ask({ kind: 'detail' }, none)).rcode).toBe(RCODE.FORBIDDEN);
  });

  it('downloads one goods by store as /a/goodStore shows it, for 1033 with 1035 only', async () => {
    const condition = { goods_id: goods.cola };
    const screen = ok<{ data: Array<{ store_name: string; count: number; income: number }> }>(
      await t.call('/api/v1/a/goodStore', { condition }, owner.headers),
    );
    const made = await link({ kind: 'goodsDetail', format: 'csv', condition });
    expect(made.filename).toMatch(/^Goods by store_/);
    const rows = csvOf((await fetchFile(made.url)).body);
    expect(rows[0]).toEqual(['Area', 'Store', 'Units', 'Income (yuan)']);
    expect(rows.slice(1, -1).map((r) => [r[1], Number(r[2]), r[3]])).toEqual(
      screen.data.map((s) => [s.store_name, s.count, (s.income / 100).toFixed(2)]),
    );
    const sum = (k: 'count' | 'income') => screen.data.reduce((n, s) => n + s[k], 0);
    expect(sum('count')).toBeGreaterThan(0);
    expect(rows.at(-1)).toEqual(['Total', '', String(sum('count')), (sum('income') / 100).toFixed(2)]);
    expect(await ask({ kind: 'goodsDetail', condition: {} })).toMatchObject({ rcode: RCODE.INVALID_PARAM });
    const noGoods = await staffAccount(t, owner, { account: 'nogoodsreport', perms: [1020, 1033] });
    expect((await ask({ kind: 'goodsDetail', condition }, noGoods)).rcode).toBe(RCODE.FORBIDDEN);
    const withGoods = await staffAccount(t, owner, { account: 'goodsreport', perms: [1033, 1035] });
    expect((await link({ kind: 'goodsDetail', format: 'csv', condition }, withGoods)).url).toBeTruthy();
  });

  it('keeps a link to its user and its 10 minutes', async () => {
    const made = await link({ kind: 'detail', format: 'csv' });
    expect((await fetchFile(made.url)).statusCode).toBe(200);
    // Within its time it works again for its user (an in-app browser may fetch it twice), with or without headers.
    expect((await fetchFile(made.url, owner.headers)).statusCode).toBe(200);
    // Another user's session presenting it is refused.
    const other = await fetchFile(made.url, rival.headers);
    expect(other.json()).toMatchObject({ rcode: RCODE.FORBIDDEN, result: null });
    // A ticket changed by one character, or cut, is refused.
    const url = new URL(made.url);
    const ticket = url.searchParams.get('ticket')!;
    const [body, mac] = ticket.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), user: rival.userId }),
    ).toString('base64url');
    for (const bad of [`${forged}.${mac}`, ticket.slice(0, -1), 'nonsense', '']) {
      const answer = await t.app.inject({ method: 'GET', url: `${url.pathname}?ticket=${bad}` });
      expect(answer.json(), bad).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID, result: null });
    }
    t.clock.advance(10 * 60_000 + 1);
    try {
      // Refusals speak the language of the browser's language cookie (or lang header).
      expect((await fetchFile(made.url, { cookie: 'lang=en-US' })).json()).toMatchObject({
        rcode: RCODE.REPORT_LINK_INVALID,
        msg: 'This download link is invalid or has expired: please download again',
      });
    } finally {
      t.clock.advance(-(10 * 60_000 + 1));
    }
    // A staff member's link dies with their session and with their permission.
    const clerk = await staffAccount(t, owner, { account: 'reporter', perms: [1020, 1033] });
    const clerkLink = await link({ kind: 'detail', format: 'csv' }, clerk);
    await setStaffPermissions(t, owner, clerk, [1020]);
    expect((await fetchFile(clerkLink.url)).json()).toMatchObject({ rcode: RCODE.FORBIDDEN });
    await setStaffPermissions(t, owner, clerk, [1020, 1033]);
    expect((await fetchFile(clerkLink.url)).statusCode).toBe(200);
    ok(await call('/api/v1/u/logout', {}, clerk));
    expect((await fetchFile(clerkLink.url)).json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
  });
});
