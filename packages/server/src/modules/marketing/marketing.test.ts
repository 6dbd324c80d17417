import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, MarketingRecord } from '@vendo/contract/api/marketing';
import { zonedDay } from '@vendo/contract/constants';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  settle,
  standingMachine,
  virtualMachines,
  WECHAT_UA,
} from '../orders/order-fixtures';
import { MarketingService } from './marketing-service';
import { giftSources, type GiftFeed, type RecordSource } from './marketing-sources';

describe.each(dialects())('activity center and records on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let restore: () => void;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001801');
    other = await mainAccount(t, '13900001802');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'Area M');
    const store = await addStore(t, owner, area, 'Store M');
    for (const sn of ['18001', '18002']) {
      await standingMachine(t, owner, { sn, areaId: area, storeId: store, goods: [cola], quantity: 200 });
    }
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, who: Caller = owner) => t.call(path, body, who.headers);
  const addReferrer = async (name: string, commission: number) =>
    ok<{ referrer_id: number }>(
      await call('/api/v1/b/addReferrer', { referrer_name: name, referrer_no: '', commission }),
    ).referrer_id;
  async function buyThrough(sn: string, referrerId: number): Promise<string> {
    const order = ok<{ order_no: string; pay_url: string }>(
      await t.call(
        '/p/v1/buy/createOrder',
        { sn, channel_sn: 1, kind: 'goods', referrer_id: referrerId },
        { 'user-agent': WECHAT_UA },
      ),
    );
    ok(await t.call('/p/v1/sandboxPay/pay', { tx: order.pay_url.split('/').pop(), action: 'pay' }));
    await settle(t);
    return order.order_no;
  }
  const center = async (who: Caller = owner) =>
    ok<{ entries: ActivityEntry[] }>(await call('/api/v1/b/getActivityCenter', {}, who)).entries;
  const records = async (condition: Record<string, unknown> = {}, paging: Record<string, unknown> = {}) =>
    ok<{ data: MarketingRecord[]; count: number }>(
      await call('/api/v1/b/getRecord', { condition, ...paging }),
    );

  it('counts referrers and the ones selling today; lists their sales in /record', async () => {
    const a = await addReferrer('Li Lei', 1000);
    await addReferrer('Han Meimei', 500);
    const before = await center();
    expect(before.map((e) => e.key)).toEqual(['activity', 'gift', 'referrer', 'record']);
    expect(before.find((e) => e.key === 'referrer')).toEqual({
      key: 'referrer',
      count: 2,
      active: 0,
      available: true,
    });
    const first = await buyThrough('18001', a);
    t.clock.now += 1000;
    const second = await buyThrough('18002', a);
    const after = await center();
    expect(after.find((e) => e.key === 'referrer')).toMatchObject({ count: 2, active: 1 });
    expect(after.find((e) => e.key === 'record')).toMatchObject({ count: 2, active: null });
    // Another merchant sees none of it.
    expect((await center(other)).find((e) => e.key === 'referrer')).toMatchObject({ count: 0, active: 0 });

    const all = await records();
    expect(all.count).toBe(2);
    expect(all.data).toMatchObject([
      { kind: 'referrer_sale', orderno: second, sn: '18002', name: 'Li Lei', amount: 300, commission: 30 },
      { kind: 'referrer_sale', orderno: first, sn: '18001' },
    ]);
    expect((await records({ sn: '18001' })).data.map((r) => r.orderno)).toEqual([first]);
    expect((await records({ kind: 'gift_redeem' })).count).toBe(0);
    expect((await records({ kind: 'referrer_sale' }, { pageNum: 2, pageSize: 1 })).data).toMatchObject([
      { orderno: first },
    ]);
    const foreign = ok<{ count: number }>(await call('/api/v1/b/getRecord', {}, other));
    expect(foreign.count).toBe(0);

    // Another merchant's machine, or one that never was, is refused as the other calls refuse it (it answered an
    // empty list), in every language, by the file too.
    const texts = { 'zh-CN': '设备不存在', 'zh-TW': '設備不存在', 'en-US': 'Device does not exist' };
    for (const [lang, msg] of Object.entries(texts)) {
      const answer = await t.call(
        '/api/v1/b/getRecord',
        { condition: { sn: '18001' } },
        { ...other.headers, lang },
      );
      expect(answer).toMatchObject({ rcode: RCODE.DEVICE_NOT_FOUND, msg, result: null });
    }
    expect((await call('/api/v1/b/getRecord', { condition: { sn: '99999' } })).rcode).toBe(
      RCODE.DEVICE_NOT_FOUND,
    );
    expect((await call('/api/v1/b/recordReport', { condition: { sn: '18001' } }, other)).rcode).toBe(
      RCODE.DEVICE_NOT_FOUND,
    );
    // A machine the owner had once (bound to another merchant since) still filters the owner's history.
    await t.db.kysely
      .insertInto('device_bindings')
      .values({
        sn: '18001',
        merchant_id: owner.merchantId,
        title: '',
        type: 'vm',
        bound_by: owner.userId,
        bound_at: t.clock.now - 86_400_000,
        unbound_by: owner.userId,
        unbound_at: t.clock.now,
      })
      .execute();
    await t.db.kysely
      .updateTable('devices')
      .set({ merchant_id: other.merchantId })
      .where('sn', '=', '18001')
      .execute();
    expect((await records({ sn: '18001' })).data.map((r) => r.orderno)).toEqual([first]);
    expect(
      ok<{ count: number }>(await call('/api/v1/b/getRecord', { condition: { sn: '18001' } }, other)).count,
    ).toBe(0);
  });

  it('merges coupon receipts and uses with referrer sales; a discounted sale pays commission on what was paid', async () => {
    const today = zonedDay(t.clock.now, 'Asia/Shanghai');
    const until = zonedDay(t.clock.now + 30 * 86_400_000, 'Asia/Shanghai');
    const couponId = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', {
        name: 'Half off',
        type: 'rate',
        rate: 5000,
        scope: 'all',
        quantity: 10,
        receive_limit: 1,
        points: 0,
        receive_start: today,
        receive_end: until,
        use_start: today,
        use_end: until,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      }),
    ).coupon_id;
    const customer = t.services.orders.customers.sign('wechat', 'open-m1');
    const receipt = ok<{ receipt_id: number }>(
      await t.call('/p/v1/buy/receiveCoupon', { sn: '18001', coupon_id: couponId, customer }),
    ).receipt_id;
    t.clock.now += 1000;
    const ref = await addReferrer('Li Lei', 1000);
    const order = ok<{ order_no: string; pay_url: string; amount: number }>(
      await t.call(
        '/p/v1/buy/createOrder',
        { sn: '18001', channel_sn: 1, kind: 'goods', customer, coupon_receipt_id: receipt, referrer_id: ref },
        { 'user-agent': WECHAT_UA },
      ),
    );
    expect(order.amount).toBe(150);
    ok(await t.call('/p/v1/sandboxPay/pay', { tx: order.pay_url.split('/').pop(), action: 'pay' }));
    await settle(t);

    const all = await records();
    expect(all.count).toBe(3);
    expect(all.data.map((r) => r.kind).sort()).toEqual(['coupon_receive', 'coupon_use', 'referrer_sale']);
    expect(all.data.find((r) => r.kind === 'coupon_use')).toMatchObject({
      orderno: order.order_no,
      name: 'Half off',
      amount: 150,
      commission: null,
    });
    expect(all.data.find((r) => r.kind === 'coupon_receive')).toMatchObject({
      name: 'Half off',
      orderno: '',
    });
    expect(all.data.find((r) => r.kind === 'coupon_use')!.customer).not.toContain('open-m1');
    expect(all.data.find((r) => r.kind === 'referrer_sale')).toMatchObject({ amount: 150, commission: 15 });
    expect(all.data.at(-1)!.kind).toBe('coupon_receive');
    expect((await records({ kind: 'coupon_use' })).count).toBe(1);
    const entries = await center();
    expect(entries.find((e) => e.key === 'activity')).toMatchObject({ count: 1, available: true });
    expect(entries.find((e) => e.key === 'record')).toMatchObject({ count: 3 });
  });

  it('applies the picker range rule and refuses staff', async () => {
    const now = t.clock.now;
    expect(
      await call('/api/v1/b/getRecord', {
        condition: { start_time: now - 1000 * 86_400_000, end_time: now },
      }),
    ).toMatchObject({ rcode: RCODE.INVALID_PARAM });
    expect(await call('/api/v1/b/getRecord', { condition: { kind: 'nonsense' } })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
    });
    const staff = await staffAccount(t, owner, { account: 'clerk', perms: Object.values(PERMISSIONS) });
    for (const path of ['/api/v1/b/getActivityCenter', '/api/v1/b/getRecord', '/api/v1/b/recordReport']) {
      expect((await call(path, {}, staff)).rcode).toBe(RCODE.FORBIDDEN);
    }
  });

  it('downloads the records as CSV through a signed link', async () => {
    const a = await addReferrer('Li Lei', 1250);
    const orderNo = await buyThrough('18001', a);
    const made = ok<{ url: string; filename: string }>(
      await call('/api/v1/b/recordReport', { condition: {}, format: 'csv' }),
    );
    expect(made.filename).toMatch(/\.csv$/);
    const { pathname, search } = new URL(made.url);
    const file = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(file.statusCode).toBe(200);
    const text = file.body;
    expect(text).toContain(orderNo);
    expect(text).toContain('Referrer sale');
    expect(text).toContain('3.00');
    expect(text).toContain('0.37');
    // A changed ticket opens nothing.
    const broken = await t.app.inject({ method: 'GET', url: `${pathname}${search}x` });
    expect(broken.json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
  });
});

describe('merging the record sources', () => {
  const line = (kind: MarketingRecord['kind'], time: number, id: number): MarketingRecord => ({
    id: `${kind}:${id}`,
    kind,
    time,
    sn: '1',
    orderno: '',
    name: '',
    customer: '',
    amount: 0,
    commission: null,
  });
  const source = (kind: MarketingRecord['kind'], times: number[]): RecordSource => {
    const lines = times.map((time, i) => line(kind, time, i)).sort((a, b) => b.time - a.time);
    return {
      kind,
      count: () => Promise.resolve(lines.length),
      page: (_f, offset, limit) => Promise.resolve(lines.slice(offset, offset + limit)),
    };
  };

  it('pages and streams the sources newest first, every line once', async () => {
    const service = new MarketingService({
      db: undefined as never,
      clock: () => 10_000,
      timeZone: 'Asia/Shanghai',
      center: [],
      records: [
        source('referrer_sale', [1, 5, 9, 13]),
        source('gift_redeem', [2, 6, 10]),
        source(
          'coupon_use',
          Array.from({ length: 1200 }, (_, i) => 1000 + i),
        ),
      ],
    });
    const filter = { merchantId: 1, start: 0, end: 10_000 };
    const streamed: number[] = [];
    for await (const l of service.all({ filter, kinds: ['referrer_sale', 'gift_redeem', 'coupon_use'] })) {
      streamed.push(l.time);
    }
    expect(streamed).toHaveLength(1207);
    expect(streamed).toEqual([...streamed].sort((a, b) => b - a));
    const partial: number[] = [];
    for await (const l of service.all({ filter, kinds: ['referrer_sale', 'gift_redeem'] }))
      partial.push(l.time);
    expect(partial).toEqual([13, 10, 9, 6, 5, 2, 1]);
  });

  it('reads an offset-paged feed as windows of any offset', async () => {
    const times = Array.from({ length: 25 }, (_, i) => 1000 - i);
    const asked: Array<[number, number]> = [];
    const feed: GiftFeed = {
      redemptions: (_m, q) => {
        asked.push([q.pageNum, q.pageSize]);
        const from = (q.pageNum - 1) * q.pageSize;
        return Promise.resolve({
          data: times.slice(from, from + q.pageSize).map((time) => ({
            gift_id: 1,
            name: 'Spring',
            code: `C${time}`,
            order_no: `O${time}`,
            sn: '1',
            time,
          })),
          count: times.length,
        });
      },
      summary: () => Promise.resolve({ batches: 2, running: 1 }),
    };
    const [source] = giftSources(feed).records;
    const f = { merchantId: 1, start: 0, end: 2000 };
    expect(await source!.count(f)).toBe(25);
    expect((await source!.page(f, 10, 10)).map((l) => l.time)).toEqual(times.slice(10, 20));
    expect((await source!.page(f, 7, 5)).map((l) => l.time)).toEqual(times.slice(7, 12));
    expect((await source!.page(f, 20, 10)).map((l) => l.time)).toEqual(times.slice(20));
    expect(asked).toContainEqual([2, 10]);
    expect(await giftSources(feed).center.counts(1, 0, 1)).toEqual({ count: 2, active: 1 });
  });
});
