import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon, CouponReceipt, MyCoupon, OfferedCoupon } from '@vendo/contract/api/coupons';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  orderRow,
  settle,
  standingMachine,
  virtualMachines,
  WECHAT_UA,
} from '../orders/order-fixtures';

const DAY = 86_400_000;

/**
 * Coupons (issue 17, docs/marketing.md): /activity's calls and their rules, a customer receiving on the purchase
 * page within the quantity and the per-customer limit, createOrder applying one (held, used on payment, back when
 * the order closes unpaid), the refund rule, and the bill's original price and discount.
 */
describe.each(dialects())('coupons on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let restore: () => void;
  let cola: number;
  let tea: number;
  let store: number;
  let otherStore: number;
  let today: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001701');
    other = await mainAccount(t, '13900001702');
    cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    tea = await addGoods(t, owner.merchantId, 'Tea', 300, 100);
    const area = await addArea(t, owner, 'North');
    // Manual refunds: a failed vend does not refund by itself (the tests refund by hand).
    store = await addStore(t, owner, area, 'Mall', 'manual');
    otherStore = await addStore(t, owner, area, 'Port', 'manual');
    await standingMachine(t, owner, { sn: '17001', areaId: area, storeId: store, goods: [cola, tea] });
    await standingMachine(t, owner, { sn: '17002', areaId: area, storeId: otherStore, goods: [tea] });
    restore = virtualMachines(t);
    today = zonedDay(t.clock.now, 'Asia/Shanghai');
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const later = (days: number) => zonedDay(t.clock.now + days * DAY, 'Asia/Shanghai');
  const customer = (openid: string, channel: 'wechat' | 'alipay' = 'wechat') =>
    t.services.orders.customers.sign(channel, openid);
  function form(change: Record<string, unknown> = {}) {
    return {
      name: '8.5折',
      type: 'rate',
      rate: 8500,
      scope: 'all',
      quantity: 10,
      receive_limit: 2,
      points: 0,
      receive_start: today,
      receive_end: later(7),
      use_start: today,
      use_end: later(30),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      ...change,
    };
  }
  const add = async (change: Record<string, unknown> = {}) =>
    ok<{ coupon_id: number }>(await call('/api/v1/b/addCoupon', form(change))).coupon_id;
  const receive = (coupon_id: number, who: string, sn = '17001') =>
    t.call('/p/v1/buy/receiveCoupon', { sn, coupon_id, customer: who });
  const mine = async (who: string, sn = '17001') =>
    ok<{ data: MyCoupon[] }>(await t.call('/p/v1/buy/getMyCoupons', { sn, customer: who })).data;
  const create = (body: Record<string, unknown>) =>
    t.call('/p/v1/buy/createOrder', { sn: '17001', channel_sn: 1, ...body }, { 'user-agent': WECHAT_UA });
  const pay = async (payUrl: string) => {
    ok(await t.call('/p/v1/sandboxPay/pay', { tx: payUrl.split('/').pop(), action: 'pay' }));
    await settle(t);
  };
  const receiptRow = (id: number) =>
    t.db.kysely.selectFrom('coupon_receipts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const couponRow = (id: number) =>
    t.db.kysely.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('signs a customer in through the messaging app (snsapi_base) and back to the purchase page', async () => {
    const get = async (url: string) => {
      const r = await t.app.inject({ method: 'GET', url });
      return { status: r.statusCode, location: String(r.headers.location ?? '') };
    };
    const start = await get('/p/v1/buy/identity?sn=17001&channel=wechat');
    expect(start.status).toBe(302);
    const authorize = new URL(start.location, 'http://localhost');
    expect(authorize.pathname).toBe('/p/v1/dev/oauth2/authorize');
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base');
    const approved = await get(`${authorize.pathname}${authorize.search}&sandbox_user=sbx_cust_0001`);
    const callback = new URL(approved.location);
    expect(callback.pathname).toBe('/p/v1/buy/identity/callback');
    const back = new URL((await get(`${callback.pathname}${callback.search}`)).location, 'http://localhost');
    expect(back.pathname).toBe('/buy/17001');
    const token = back.searchParams.get('customer')!;
    expect(t.services.orders.customers.verify(token)).toBe('wechat:sbx_cust_0001');
    // The code is spent: a replay goes back without an identity.
    const replay = new URL(
      (await get(`${callback.pathname}${callback.search}`)).location,
      'http://localhost',
    );
    expect(replay.searchParams.get('identity')).toBe('failed');
    // A forged or expired state is refused.
    expect((await get('/p/v1/buy/identity/callback?code=x&state=17001~wechat~1.abc')).status).toBe(400);
    t.clock.advance(11 * 60_000);
    expect((await get(`${callback.pathname}${callback.search}`)).status).toBe(400);
    // Alipay: a sandbox identity while the messaging app is the sandbox.
    const ali = await get('/p/v1/buy/identity?sn=17001&channel=alipay');
    const aliAuth = new URL(ali.location, 'http://localhost');
    const aliBack = await get(`${aliAuth.pathname}${aliAuth.search}&sandbox_user=sbx_cust_0001`);
    const aliCallback = new URL(aliBack.location);
    const aliPage = new URL(
      (await get(`${aliCallback.pathname}${aliCallback.search}`)).location,
      'http://localhost',
    );
    expect(t.services.orders.customers.verify(aliPage.searchParams.get('customer'))).toBe(
      'alipay:sbx_cust_0001',
    );
    expect((await get('/p/v1/buy/identity?sn=17001&channel=paypal')).status).toBe(400);
  });

  it('keeps every rule of a coupon at its rcode, changing nothing', async () => {
    const refusals: Array<[Record<string, unknown>, number]> = [
      [{ rate: 0 }, RCODE.COUPON_RATE_RANGE],
      [{ rate: 10000 }, RCODE.COUPON_RATE_RANGE],
      [{ type: 'reduce', reduce: 0 }, RCODE.COUPON_REDUCE_RANGE],
      [{ type: 'reduce', reduce: 100, condition: 2_000_000 }, RCODE.COUPON_REDUCE_RANGE],
      [{ scope: 'stores', store_ids: [] }, RCODE.COUPON_SCOPE_EMPTY],
      [{ scope: 'goods' }, RCODE.COUPON_SCOPE_EMPTY],
      [{ quantity: 0 }, RCODE.COUPON_QUANTITY_RANGE],
      [{ receive_limit: 101 }, RCODE.COUPON_LIMIT_RANGE],
      [{ points: -1 }, RCODE.COUPON_POINTS_RANGE],
      [{ receive_end: later(-1) }, RCODE.COUPON_RECEIVE_PERIOD_INVALID],
      [{ use_start: later(3), use_end: later(2) }, RCODE.COUPON_USE_PERIOD_INVALID],
      [
        { receive_start: later(-10), receive_end: later(-5), use_start: later(-10), use_end: later(-1) },
        RCODE.COUPON_USE_PERIOD_INVALID,
      ],
      [{ weekdays: [] }, RCODE.COUPON_WEEKDAYS_EMPTY],
      [{ scope: 'goods', goods_ids: [999999] }, RCODE.COUPON_TARGET_UNKNOWN],
    ];
    for (const [change, rcode] of refusals) {
      const answer = await call('/api/v1/b/addCoupon', form(change));
      expect(answer.rcode, JSON.stringify(change)).toBe(rcode);
      expect(answer.msg.length).toBeGreaterThan(5);
    }
    // Another merchant's store is as unknown as none.
    const foreignArea = await addArea(t, other, 'South');
    const foreign = await addStore(t, other, foreignArea, 'Theirs');
    expect((await call('/api/v1/b/addCoupon', form({ scope: 'stores', store_ids: [foreign] }))).rcode).toBe(
      RCODE.COUPON_TARGET_UNKNOWN,
    );
    expect((await t.db.kysely.selectFrom('coupons').selectAll().execute()).length).toBe(0);
    expect((await call('/api/v1/b/addCoupon', { ...form(), name: '' })).rcode).toBe(RCODE.INVALID_PARAM);
  });

  it('adds, lists, edits (referrer_id kept 0; quantity never below received) and deletes', async () => {
    const id = await add({ scope: 'stores', store_ids: [store], referrer_id: 7 });
    const list = ok<{ data: Coupon[]; count: number }>(
      await call('/api/v1/b/getCoupon', { pageNum: 1, pageSize: 10 }),
    );
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({
      coupon_id: id,
      name: '8.5折',
      rate: 8500,
      scope: 'stores',
      store_ids: [store],
      targets: [{ id: store, name: 'Mall' }],
      referrer_id: 0,
      received: 0,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    ok(await receive(id, customer('alice1')));
    ok(await receive(id, customer('alice1')));
    expect((await call('/api/v1/b/editCoupon', { ...form({ quantity: 1 }), coupon_id: id })).rcode).toBe(
      RCODE.COUPON_QUANTITY_BELOW_RECEIVED,
    );
    ok(
      await call('/api/v1/b/editCoupon', {
        ...form({ name: 'Two off', type: 'reduce', reduce: 200, referrer_id: 5 }),
        coupon_id: id,
      }),
    );
    expect(await couponRow(id)).toMatchObject({
      name: 'Two off',
      type: 'reduce',
      reduce: 200,
      rate: 0,
      referrer_id: 0,
      scope: 'all',
    });
    // Another merchant cannot see, change or delete it.
    expect((await call('/api/v1/b/editCoupon', { ...form(), coupon_id: id }, other)).rcode).toBe(
      RCODE.COUPON_NOT_FOUND,
    );
    expect((await call('/api/v1/b/delCoupon', { coupon_id: id }, other)).rcode).toBe(RCODE.COUPON_NOT_FOUND);
    expect(ok<{ count: number }>(await call('/api/v1/b/getCoupon', { pageNum: 1 }, other)).count).toBe(0);
    expect((await call('/api/v1/b/getCardCouponList', { condition: { coupon_id: id } }, other)).rcode).toBe(
      RCODE.COUPON_NOT_FOUND,
    );
    ok(await call('/api/v1/b/delCoupon', { coupon_id: id }));
    expect(ok<{ count: number }>(await call('/api/v1/b/getCoupon', { pageNum: 1 })).count).toBe(0);
    expect((await receive(id, customer('bob001'))).rcode).toBe(RCODE.COUPON_NOT_FOUND);
    // Its receipts stay in the list.
    expect(ok<{ count: number }>(await call('/api/v1/b/getCardCouponList', { condition: {} })).count).toBe(2);
  });

  it('is main-account only (the activity center)', async () => {
    const staff = await staffAccount(t, owner, { account: 'cp17', perms: [] });
    expect((await call('/api/v1/b/getCoupon', {}, staff)).rcode).toBe(RCODE.FORBIDDEN);
    expect((await call('/api/v1/b/addCoupon', form(), staff)).rcode).toBe(RCODE.FORBIDDEN);
  });

  it('offers coupons by machine and scope; receives within the limits; identity required', async () => {
    const all = await add({ name: 'All' });
    const mall = await add({ name: 'Mall only', scope: 'stores', store_ids: [store] });
    const colaOnly = await add({ name: 'Cola only', scope: 'goods', goods_ids: [cola] });
    const points = await add({ name: 'Points', points: 50 });
    const future = await add({ name: 'Later', receive_start: later(2), receive_end: later(3) });
    const offered = async (sn: string, who?: string) =>
      ok<{ data: OfferedCoupon[] }>(await t.call('/p/v1/buy/getCoupons', { sn, customer: who })).data;
    expect((await offered('17001')).map((c) => c.coupon_id).sort()).toEqual(
      [all, mall, colaOnly, points].sort(),
    );
    expect((await offered('17002')).map((c) => c.coupon_id).sort()).toEqual([all, points].sort());
    expect((await receive(mall, customer('carol1'), '17002')).rcode).toBe(RCODE.COUPON_NOT_RECEIVABLE);
    expect((await receive(future, customer('carol1'))).rcode).toBe(RCODE.COUPON_NOT_RECEIVABLE);
    // Points are spent by members (issue 18): a customer who is no member has none.
    expect((await receive(points, customer('carol1'))).rcode).toBe(RCODE.MEMBER_POINTS_SHORT);
    expect((await receive(all, 'wechat:carol1.forged')).rcode).toBe(RCODE.CUSTOMER_IDENTITY_FAILED);
    expect(
      (await t.call('/p/v1/buy/receiveCoupon', { sn: '17001', coupon_id: all, customer: '' })).rcode,
    ).toBe(RCODE.INVALID_PARAM);
    ok(await receive(all, customer('carol1')));
    ok(await receive(all, customer('carol1')));
    expect(await receive(all, customer('carol1'))).toMatchObject({
      rcode: RCODE.COUPON_LIMIT_REACHED,
      msg: 'You already received the 2 allowed per customer',
    });
    expect((await offered('17001', customer('carol1'))).find((c) => c.coupon_id === all)?.can_receive).toBe(
      0,
    );
    // The same openid through Alipay is another customer.
    ok(await receive(all, customer('carol1', 'alipay')));
    const small = await add({ name: 'Small', quantity: 1 });
    ok(await receive(small, customer('dave01')));
    expect((await receive(small, customer('erin01'))).rcode).toBe(RCODE.COUPON_SOLD_OUT);
    expect((await offered('17001')).some((c) => c.coupon_id === small)).toBe(false);
  });

  it('never gives more than the quantity or the per-customer limit, even at once', async () => {
    const id = await add({ quantity: 5, receive_limit: 2 });
    const who = ['p1aaaa', 'p2aaaa', 'p3aaaa', 'p4aaaa'].map((o) => customer(o));
    const answers = await Promise.all(who.flatMap((c) => [receive(id, c), receive(id, c), receive(id, c)]));
    const okCount = answers.filter((a) => a.rcode === 0).length;
    expect(okCount).toBe(5);
    expect(
      answers
        .filter((a) => a.rcode !== 0)
        .every((a) => a.rcode === RCODE.COUPON_SOLD_OUT || a.rcode === RCODE.COUPON_LIMIT_REACHED),
    ).toBe(true);
    const rows = await t.db.kysely.selectFrom('coupon_receipts').selectAll().execute();
    expect(rows.length).toBe(5);
    for (const c of who)
      expect(rows.filter((r) => c.startsWith(`${r.customer}.`)).length).toBeLessThanOrEqual(2);
    expect((await couponRow(id)).received).toBe(5);
  });

  it('property: random quantities, limits and racing customers never exceed either', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        async (quantity, limit, taps) => {
          const id = await add({ quantity, receive_limit: limit });
          const who = taps.map((n) => customer(`prop${n}xx`));
          const answers = await Promise.all(who.map((c) => receive(id, c)));
          const rows = await t.db.kysely
            .selectFrom('coupon_receipts')
            .selectAll()
            .where('coupon_id', '=', id)
            .execute();
          expect(rows.length).toBe(answers.filter((a) => a.rcode === 0).length);
          expect(rows.length).toBeLessThanOrEqual(quantity);
          const per = new Map<string, number>();
          for (const r of rows) per.set(r.customer, (per.get(r.customer) ?? 0) + 1);
          for (const n of per.values()) expect(n).toBeLessThanOrEqual(limit);
          // As many as could be given were given.
          const distinct = new Map<string, number>();
          for (const c of who) distinct.set(c, (distinct.get(c) ?? 0) + 1);
          const possible = [...distinct.values()].reduce((sum, n) => sum + Math.min(n, limit), 0);
          expect(rows.length).toBe(Math.min(quantity, possible));
          expect((await couponRow(id)).received).toBe(rows.length);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('feeds the activity center and /record: receipts by when received, uses by when used', async () => {
    const id = await add({ name: 'Feed' });
    await add({
      name: 'Old',
      receive_start: later(-9),
      receive_end: later(-8),
      use_start: later(-9),
      use_end: later(-7 + 7),
    });
    const alice = customer('alice1');
    const receiptId = ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
    const order = ok<{ order_no: string; pay_url: string }>(
      await create({ coupon_receipt_id: receiptId, customer: alice }),
    );
    await pay(order.pay_url);
    const feed = t.services.coupons.coupons;
    expect(await feed.summary(owner.merchantId)).toEqual({ coupons: 2, running: 2 });
    const range = { start: t.clock.now - DAY, end: t.clock.now + DAY, pageNum: 1, pageSize: 10 };
    expect(await feed.couponRecords(owner.merchantId, { kind: 'receive', ...range })).toMatchObject({
      count: 1,
      data: [{ receipt_id: receiptId, coupon_name: 'Feed', sn: '17001', order_no: '', discount: 0 }],
    });
    expect(await feed.couponRecords(owner.merchantId, { kind: 'use', ...range, sn: '17001' })).toMatchObject({
      count: 1,
      data: [{ receipt_id: receiptId, order_no: order.order_no, discount: 45 }],
    });
    expect((await feed.couponRecords(owner.merchantId, { kind: 'use', ...range, sn: '17002' })).count).toBe(
      0,
    );
    expect((await feed.couponRecords(other.merchantId, { kind: 'receive', ...range })).count).toBe(0);
  });

  it('applies a coupon to an order: held, used on payment, shown in the bills', async () => {
    const id = await add({ type: 'reduce', reduce: 100, condition: 300, name: '1 off 3' });
    const alice = customer('alice1');
    const receiptId = ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
    expect((await mine(alice)).map((c) => c.prices)).toEqual([
      [
        { channel_sn: 1, amount: 200 },
        { channel_sn: 2, amount: 200 },
      ],
    ]);
    // Refused without the identity, with another customer's, for a game, and for a receipt that is not unused.
    expect((await create({ coupon_receipt_id: receiptId })).rcode).toBe(RCODE.COUPON_CUSTOMER_REQUIRED);
    expect((await create({ coupon_receipt_id: receiptId, customer: 'wechat:alice1.forged' })).rcode).toBe(
      RCODE.COUPON_CUSTOMER_REQUIRED,
    );
    expect((await t.call('/p/v1/buy/getMyCoupons', { sn: '17001', customer: 'x' })).rcode).toBe(
      RCODE.CUSTOMER_IDENTITY_FAILED,
    );
    expect((await create({ coupon_receipt_id: receiptId, customer: customer('mallory') })).rcode).toBe(
      RCODE.COUPON_RECEIPT_UNUSABLE,
    );
    const order = ok<{
      order_no: string;
      amount: number;
      original_amount: number;
      discount: number;
      pay_url: string;
    }>(await create({ coupon_receipt_id: receiptId, customer: alice }));
    expect(order).toMatchObject({ amount: 200, original_amount: 300, discount: 100 });
    expect(await receiptRow(receiptId)).toMatchObject({
      status: 'held',
      order_no: order.order_no,
      discount: 100,
    });
    expect(await mine(alice)).toEqual([]);
    expect((await create({ coupon_receipt_id: receiptId, customer: alice, channel_sn: 2 })).rcode).toBe(
      RCODE.COUPON_RECEIPT_UNUSABLE,
    );
    await pay(order.pay_url);
    expect(await orderRow(t, order.order_no)).toMatchObject({
      status: 3,
      amount: 200,
      original_amount: 300,
      discount: 100,
      coupon_receipt_id: receiptId,
    });
    expect(await receiptRow(receiptId)).toMatchObject({ status: 'used', order_no: order.order_no });
    expect((await couponRow(id)).used).toBe(1);
    const bills = ok<{ data: Array<Record<string, unknown>> }>(
      await call('/api/v1/b/getPayBill', { pageNum: 1, pageSize: 10, condition: {} }),
    );
    expect(bills.data[0]).toMatchObject({
      amount: 200,
      original_amount: 300,
      discount: 100,
      coupon_name: '1 off 3',
    });
    const list = ok<{ data: CouponReceipt[]; count: number; useCount: number }>(
      await call('/api/v1/b/getCardCouponList', { pageNum: 1, condition: { coupon_id: id } }),
    );
    expect(list).toMatchObject({ count: 1, useCount: 1 });
    expect(list.data[0]).toMatchObject({
      status: 'used',
      order_no: order.order_no,
      sn: '17001',
      discount: 100,
      customer: 'wechat:al…',
    });
  });

  it('lets one receipt be held by one order only, even when orders race', async () => {
    const alice = customer('alice1');
    const id = await add();
    const receiptId = ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
    const answers = await Promise.all(
      [1, 2, 1, 2, 1].map((channel_sn, i) =>
        create({
          coupon_receipt_id: receiptId,
          customer: alice,
          channel_sn,
          client_token: `race-token-${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.rcode === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.rcode !== 0).every((a) => a.rcode === RCODE.COUPON_RECEIPT_UNUSABLE)).toBe(
      true,
    );
    const orders = await t.db.kysely.selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ coupon_receipt_id: receiptId, discount: 45 });
  });

  it('refuses a coupon outside its scope, condition, use window or weekdays', async () => {
    const alice = customer('alice1');
    const take = async (change: Record<string, unknown>) => {
      const id = await add(change);
      return ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
    };
    const teaOnly = await take({ scope: 'goods', goods_ids: [tea] });
    expect((await create({ coupon_receipt_id: teaOnly, customer: alice })).rcode).toBe(
      RCODE.COUPON_NOT_APPLICABLE,
    );
    const high = await take({ type: 'reduce', reduce: 50, condition: 500 });
    expect((await create({ coupon_receipt_id: high, customer: alice })).rcode).toBe(
      RCODE.COUPON_NOT_APPLICABLE,
    );
    const notYet = await take({ use_start: later(1) });
    expect((await create({ coupon_receipt_id: notYet, customer: alice })).rcode).toBe(
      RCODE.COUPON_NOT_APPLICABLE,
    );
    const wd = new Date(t.clock.now + 8 * 3_600_000).getUTCDay() || 7;
    const otherDay = await take({ weekdays: [(wd % 7) + 1] });
    expect((await create({ coupon_receipt_id: otherDay, customer: alice })).rcode).toBe(
      RCODE.COUPON_NOT_APPLICABLE,
    );
    // Nothing was held, no order was written.
    expect((await t.db.kysely.selectFrom('orders').selectAll().execute()).length).toBe(0);
    expect(
      (await t.db.kysely.selectFrom('coupon_receipts').select('status').execute()).every(
        (r) => r.status === 'unused',
      ),
    ).toBe(true);
    // A reduce above the price leaves the minimum price.
    const big = await take({ type: 'reduce', reduce: 5000 });
    expect(ok<{ amount: number }>(await create({ coupon_receipt_id: big, customer: alice })).amount).toBe(2);
  });

  it('gives a held coupon back when the order closes unpaid', async () => {
    calmSandbox(t, { autoNotify: false });
    const alice = customer('alice1');
    const id = await add();
    const receiptId = ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
    const order = ok<{ order_no: string; amount: number }>(
      await create({ coupon_receipt_id: receiptId, customer: alice }),
    );
    expect(order.amount).toBe(255);
    t.clock.advance(16 * 60_000);
    await t.services.orders.payments.query(await orderRow(t, order.order_no));
    expect((await orderRow(t, order.order_no)).closed_at).not.toBeNull();
    expect(await receiptRow(receiptId)).toMatchObject({ status: 'unused', order_no: null });
    // Closing again tells nothing twice; the coupon is usable again.
    await t.services.orders.payments.close(await orderRow(t, order.order_no), t.clock.now);
    expect((await mine(alice)).length).toBe(1);
    ok(await create({ coupon_receipt_id: receiptId, customer: alice, channel_sn: 2 }));
  });

  it('returns the coupon on a full refund while its use window is open; a partial refund keeps it used', async () => {
    const alice = customer('alice1');
    const id = await add({ receive_limit: 3 });
    const buy = async () => {
      const receiptId = ok<{ receipt_id: number }>(await receive(id, alice)).receipt_id;
      const order = ok<{ order_no: string; pay_url: string }>(
        await create({ coupon_receipt_id: receiptId, customer: alice }),
      );
      await pay(order.pay_url);
      return { receiptId, orderNo: order.order_no };
    };
    const full = await buy();
    ok(await call('/api/v1/b/refund', { orderno: full.orderNo }));
    await t.services.orders.jobs.tick();
    await settle(t);
    expect((await orderRow(t, full.orderNo)).refund_fee).toBe(255);
    expect(await receiptRow(full.receiptId)).toMatchObject({
      status: 'unused',
      order_no: null,
      used_at: null,
    });
    const part = await buy();
    ok(await call('/api/v1/b/refund', { orderno: part.orderNo, part_refund: true, refund_fee: 100 }));
    await t.services.orders.jobs.tick();
    await settle(t);
    expect(await receiptRow(part.receiptId)).toMatchObject({ status: 'used', order_no: part.orderNo });
    expect((await couponRow(id)).used).toBe(1);
  });
});
