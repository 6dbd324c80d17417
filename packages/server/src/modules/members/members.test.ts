import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Member, MemberBill, MemberCoupon, PointRule } from '@vendo/contract/api/members';
import {
  defaultNickname,
  MEMBER_CERT_TTL_MS,
  pointsAfterRefunds,
  pointsEarned,
} from '@vendo/contract/api/members';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, setApp, type Caller } from '../catalog/catalog-testing';
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
import { maskOpenid } from './members-service';

const DAY = 86_400_000;
const SN = '18001';
const OTHER_SN = '18009';

describe('points arithmetic', () => {
  it('earns floor(yuan × rate) and takes back in proportion, adding up to the whole', () => {
    expect(pointsEarned(300, 1)).toBe(3);
    expect(pointsEarned(299, 1)).toBe(2);
    expect(pointsEarned(255, 10)).toBe(25);
    expect(pointsEarned(1000, 0)).toBe(0);
    expect(pointsEarned(0, 5)).toBe(0);
    expect(pointsAfterRefunds(30, 300, 0)).toBe(30);
    expect(pointsAfterRefunds(30, 300, 100)).toBe(20);
    expect(pointsAfterRefunds(30, 300, 300)).toBe(0);
    expect(pointsAfterRefunds(30, 300, 500)).toBe(0);
    expect(pointsAfterRefunds(7, 0, 0)).toBe(0);
    expect(maskOpenid('sbx_cust_0001')).toBe('sbx****0001');
    expect(defaultNickname('wechat', 'abcd1234')).toBe('微信用户 1234');
    expect(defaultNickname('alipay', 'abcd1234', 'en-US')).toBe('Alipay user 1234');
  });
});

/**
 * Members (issue 18, docs/marketing.md "Members"): a signed-in customer's paid order makes them a member and earns
 * points by the merchant's rule; refunds take them back in proportion; coupons and gift vouchers spend them (never
 * below 0, also when spends race); the member page's calls with the member cert; /member's calls; the quota and
 * the Member app.
 */
describe.each(dialects())('members on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let restore: () => void;
  let today: string;
  let ipSeq = 0;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001801');
    other = await mainAccount(t, '13900001802');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const tea = await addGoods(t, owner.merchantId, 'Tea', 1000, 100);
    const area = await addArea(t, owner, 'North');
    const store = await addStore(t, owner, area, 'Mall', 'manual');
    // Shelf 1 Cola (3.00), shelf 2 Tea (10.00).
    await standingMachine(t, owner, { sn: SN, areaId: area, storeId: store, goods: [cola, tea] });
    await t.db.kysely.updateTable('channels').set({ price: 1000 }).where('goods_id', '=', tea).execute();
    const otherGoods = await addGoods(t, other.merchantId, 'Juice', 500, 100);
    await standingMachine(t, other, { sn: OTHER_SN, areaId: null, storeId: null, goods: [otherGoods] });
    restore = virtualMachines(t);
    today = zonedDay(t.clock.now, 'Asia/Shanghai');
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const customer = (openid: string, channel: 'wechat' | 'alipay' = 'wechat') =>
    t.services.orders.customers.sign(channel, openid);
  const address = () => ({ 'x-forwarded-for': `10.18.${dialect === 'sqlite' ? 1 : 2}.${++ipSeq % 250}` });

  /** A customer buys on a shelf and pays; answers the order number. */
  async function buy(who: string | undefined, channelSn = 1, sn = SN): Promise<string> {
    const order = ok<{ order_no: string; pay_url: string }>(
      await t.call(
        '/p/v1/buy/createOrder',
        { sn, channel_sn: channelSn, ...(who ? { customer: who } : {}) },
        { 'user-agent': WECHAT_UA, ...address() },
      ),
    );
    ok(await t.call('/p/v1/sandboxPay/pay', { tx: order.pay_url.split('/').pop(), action: 'pay' }));
    await settle(t);
    return order.order_no;
  }
  async function refund(orderNo: string, fee?: number): Promise<void> {
    ok(
      await call(
        '/api/v1/b/refund',
        fee === undefined ? { orderno: orderNo } : { orderno: orderNo, part_refund: true, refund_fee: fee },
      ),
    );
    await t.services.orders.jobs.tick();
    await settle(t);
  }
  const memberRow = (openid: string, merchantId = owner.merchantId) =>
    t.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('openid', '=', openid)
      .executeTakeFirst();
  const logOf = async (openid: string) => {
    const m = await memberRow(openid);
    if (!m) return [];
    return t.db.kysely
      .selectFrom('member_point_logs')
      .select(['delta', 'point_after', 'reason', 'ref'])
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
  };
  async function cert(who: string, sn = SN): Promise<{ token: string; secret: string }> {
    return ok<{ token: string; secret: string }>(await t.call('/p/v1/buy/memberCert', { sn, customer: who }));
  }
  const asMember = (path: string, body: unknown, c: { token: string; secret: string }) =>
    t.call(path, body, { token: c.token, secret: c.secret });
  async function givePoints(openid: string, points: number): Promise<void> {
    await t.db.kysely
      .updateTable('members')
      .set({ point: points })
      .where('merchant_id', '=', owner.merchantId)
      .where('openid', '=', openid)
      .execute();
  }
  function couponForm(change: Record<string, unknown> = {}) {
    return {
      name: 'Points coupon',
      type: 'reduce',
      reduce: 100,
      scope: 'all',
      quantity: 50,
      receive_limit: 10,
      points: 30,
      receive_start: today,
      receive_end: zonedDay(t.clock.now + 7 * DAY, 'Asia/Shanghai'),
      use_start: today,
      use_end: zonedDay(t.clock.now + 30 * DAY, 'Asia/Shanghai'),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      ...change,
    };
  }

  it('makes a signed-in buyer a member whose paid order earns points by the rule; anonymous sales stay anonymous', async () => {
    const alice = customer('alice0001');
    const first = await buy(alice);
    const row = await memberRow('alice0001');
    expect(row).toMatchObject({
      client: 'wechat',
      point: 3,
      spend: 300,
      order_count: 1,
      balance: 0,
      is_subscribe: 0,
      headimgurl: '',
      nickname: '微信用户 0001',
      remarks: '',
    });
    expect(row!.cardno).toMatch(/^[1-9]\d{11}$/);
    expect(JSON.parse(row!.extends)).toEqual([{ name: 'joined_sn', value: SN }]);
    expect(Number((await orderRow(t, first)).member_id)).toBe(Number(row!.id));
    expect(await logOf('alice0001')).toEqual([{ delta: 3, point_after: 3, reason: 'earn', ref: '' }]);

    // The rule: 10 points a yuan from now on.
    expect(ok<PointRule>(await call('/api/v1/b/getPointRule', {}))).toEqual({
      points_per_yuan: 1,
      updated_at: null,
    });
    expect((await call('/api/v1/b/setPointRule', { points_per_yuan: 1001 })).rcode).toBe(
      RCODE.POINT_RULE_RANGE,
    );
    expect((await call('/api/v1/b/setPointRule', { points_per_yuan: -1 })).rcode).toBe(
      RCODE.POINT_RULE_RANGE,
    );
    expect((await call('/api/v1/b/setPointRule', { points_per_yuan: 1.5 })).rcode).toBe(RCODE.INVALID_PARAM);
    expect(ok<PointRule>(await call('/api/v1/b/setPointRule', { points_per_yuan: 10 }))).toEqual({
      points_per_yuan: 10,
      updated_at: t.clock.now,
    });
    // Another merchant's rule is its own.
    expect(ok<PointRule>(await call('/api/v1/b/getPointRule', {}, other)).points_per_yuan).toBe(1);
    t.clock.advance(60_000);
    const second = await buy(alice, 2);
    expect(await memberRow('alice0001')).toMatchObject({
      point: 103,
      spend: 1300,
      order_count: 2,
      last_visit_at: t.clock.now,
    });
    expect(Number((await orderRow(t, second)).member_id)).toBe(Number(row!.id));
    // 0 turns earning off.
    ok(await call('/api/v1/b/setPointRule', { points_per_yuan: 0 }));
    await buy(alice);
    expect(await memberRow('alice0001')).toMatchObject({ point: 103, spend: 1600, order_count: 3 });

    // An order without a customer names no member; members are per merchant and per channel.
    const anonymous = await buy(undefined);
    expect((await orderRow(t, anonymous)).member_id).toBeNull();
    await buy(customer('alice0001', 'alipay'));
    await buy(customer('alice0001'), 1, OTHER_SN);
    const rows = await t.db.kysely.selectFrom('members').select(['merchant_id', 'client']).execute();
    expect(rows.length).toBe(3);
    expect((await memberRow('alice0001', other.merchantId))!.point).toBe(3);
  });

  it('takes points and spend back in proportion to refunds, never below zero', async () => {
    ok(await call('/api/v1/b/setPointRule', { points_per_yuan: 10 }));
    const bob = customer('bob00001');
    const order = await buy(bob, 2); // 10.00 → 100 points
    expect(await memberRow('bob00001')).toMatchObject({ point: 100, spend: 1000 });
    await refund(order, 250);
    expect(await memberRow('bob00001')).toMatchObject({ point: 75, spend: 750 });
    await refund(order, 200);
    expect(await memberRow('bob00001')).toMatchObject({ point: 55, spend: 550 });
    // The member spends 40 of the 55 on a coupon; the rest of the order is refunded: 55 were due, 15 could go.
    const coupon = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', couponForm({ points: 40 })),
    ).coupon_id;
    ok(await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: bob }));
    await refund(order, 550);
    expect(await memberRow('bob00001')).toMatchObject({ point: 0, spend: 0 });
    expect((await logOf('bob00001')).map((l) => [l.reason, l.delta, l.point_after])).toEqual([
      ['earn', 100, 100],
      ['refund', -25, 75],
      ['refund', -20, 55],
      ['coupon', -40, 15],
      ['refund', -15, 0],
    ]);
    const booked = await t.db.kysely
      .selectFrom('member_order_points')
      .selectAll()
      .where('order_id', '=', (await orderRow(t, order)).id)
      .executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ paid: 1000, earned: 100, reversed: 100, refunded: 1000 });
    // The member's later points are not taken for the old refund.
    await buy(bob, 2);
    expect((await memberRow('bob00001'))!.point).toBe(100);
  });

  it('spends points on a coupon: not enough (have, need) refuses it all, enough takes them', async () => {
    const carol = customer('carol001');
    const coupon = ok<{ coupon_id: number }>(await call('/api/v1/b/addCoupon', couponForm())).coupon_id;
    // No member yet: have 0.
    const none = await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: carol });
    expect(none.rcode).toBe(RCODE.MEMBER_POINTS_SHORT);
    expect(none.msg).toBe('Not enough points (have 0, need 30)');
    await buy(carol); // 3 points
    const short = await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: carol });
    expect(short.msg).toBe('Not enough points (have 3, need 30)');
    // Nothing was received by the refusals.
    const received = await t.db.kysely.selectFrom('coupons').select('received').executeTakeFirstOrThrow();
    expect(received.received).toBe(0);
    expect(await t.db.kysely.selectFrom('coupon_receipts').selectAll().execute()).toEqual([]);
    await givePoints('carol001', 65);
    const offered = async (who?: string) =>
      ok<{ member_points: number | null }>(
        await t.call('/p/v1/buy/getCoupons', { sn: SN, ...(who ? { customer: who } : {}) }),
      ).member_points;
    expect(await offered(carol)).toBe(65);
    expect(await offered()).toBeNull();
    expect(await offered(customer('nobody01'))).toBeNull();
    const got = ok<{ receipt_id: number }>(
      await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: carol }),
    );
    expect((await memberRow('carol001'))!.point).toBe(35);
    expect((await logOf('carol001')).at(-1)).toEqual({
      delta: -30,
      point_after: 35,
      reason: 'coupon',
      ref: String(got.receipt_id),
    });
    // A coupon without points costs none.
    const free = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', couponForm({ points: 0, name: 'Free' })),
    ).coupon_id;
    ok(await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: free, customer: carol }));
    expect((await memberRow('carol001'))!.point).toBe(35);
  });

  it('never lets racing spends take a member below zero', async () => {
    const dave = customer('dave0001');
    await buy(dave);
    await givePoints('dave0001', 100);
    const coupon = ok<{ coupon_id: number }>(await call('/api/v1/b/addCoupon', couponForm())).coupon_id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: dave }),
      ),
    );
    expect(answers.filter((a) => a.rcode === 0).length).toBe(3);
    expect(answers.filter((a) => a.rcode !== 0).every((a) => a.rcode === RCODE.MEMBER_POINTS_SHORT)).toBe(
      true,
    );
    expect((await memberRow('dave0001'))!.point).toBe(10);
    const receipts = await t.db.kysely.selectFrom('coupon_receipts').selectAll().execute();
    expect(receipts.length).toBe(3);
    const spent = (await logOf('dave0001')).filter((l) => l.reason === 'coupon');
    expect(spent.map((l) => l.point_after).sort((a, b) => a - b)).toEqual([10, 40, 70]);
  });

  it('spends points on a gift voucher costing them, with the customer signed in', async () => {
    const gift = ok<{ gift_id: number }>(
      await call('/api/v1/b/addGift', {
        name: 'Points gift',
        salesman: '',
        start_date: today,
        end_date: zonedDay(t.clock.now + 30 * DAY, 'Asia/Shanghai'),
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        points: 20,
        note: '',
        device_sn: [SN],
        gifts: [
          (
            await t.db.kysely
              .selectFrom('goods')
              .select('id')
              .where('name', '=', 'Cola')
              .executeTakeFirstOrThrow()
          ).id,
        ],
        quantity: 3,
      }),
    ).gift_id;
    const codes = (
      await t.db.kysely
        .selectFrom('gift_codes')
        .select('code')
        .where('gift_id', '=', gift)
        .orderBy('id')
        .execute()
    ).map((r) => r.code);
    const redeem = (code: string, who?: string) =>
      t.call(
        '/p/v1/buy/redeemGift',
        { sn: SN, code, channel_sn: 1, ...(who ? { customer: who } : {}) },
        address(),
      );
    const check = ok<{ points: number }>(await t.call('/p/v1/buy/checkGift', { sn: SN, code: codes[0] }));
    expect(check.points).toBe(20);
    expect((await redeem(codes[0]!)).rcode).toBe(RCODE.MEMBER_SIGN_IN_REQUIRED);
    expect((await redeem(codes[0]!, 'wechat:forged.abc')).rcode).toBe(RCODE.CUSTOMER_IDENTITY_FAILED);
    const erin = customer('erin0001');
    const short = await redeem(codes[0]!, erin);
    expect(short.rcode).toBe(RCODE.MEMBER_POINTS_SHORT);
    // The refusal undid the claim and the order.
    const code0 = await t.db.kysely
      .selectFrom('gift_codes')
      .select(['status', 'order_id'])
      .where('code', '=', codes[0]!)
      .executeTakeFirstOrThrow();
    expect(code0).toMatchObject({ status: 'unused', order_id: null });
    await buy(erin);
    await givePoints('erin0001', 25);
    const made = ok<{ order_no: string }>(await redeem(codes[0]!, erin));
    await settle(t);
    expect((await memberRow('erin0001'))!.point).toBe(5);
    expect((await logOf('erin0001')).at(-1)).toMatchObject({ delta: -20, reason: 'gift', ref: codes[0] });
    const log = await t.db.kysely
      .selectFrom('member_point_logs')
      .select('order_id')
      .where('reason', '=', 'gift')
      .executeTakeFirstOrThrow();
    expect(Number(log.order_id)).toBe(Number((await orderRow(t, made.order_no)).id));
    // The free order is the member's: it shows in their bill.
    expect(Number((await orderRow(t, made.order_no)).member_id)).toBe(
      Number((await memberRow('erin0001'))!.id),
    );
    // Two codes redeemed at once with points for one: one order, one refusal, never below 0.
    await givePoints('erin0001', 30);
    const raced = await Promise.all([redeem(codes[1]!, erin), redeem(codes[2]!, erin)]);
    await settle(t);
    expect(raced.map((a) => a.rcode).sort((x, y) => x - y)).toEqual([0, RCODE.MEMBER_POINTS_SHORT]);
    expect((await memberRow('erin0001'))!.point).toBe(10);
    const used = await t.db.kysely
      .selectFrom('gift_codes')
      .select('code')
      .where('gift_id', '=', gift)
      .where('status', '=', 'used')
      .execute();
    expect(used.length).toBe(2);
  });

  it('hands over a member cert; the member calls answer only that member, else "invalid cert"', async () => {
    const fay = customer('fay00001');
    const order = await buy(fay);
    await refund(order, 100);
    await buy(customer('gus00001'));
    const coupon = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', couponForm({ points: 0, name: 'Welcome' })),
    ).coupon_id;
    ok(await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: fay }));

    const c = await cert(fay);
    expect(c.token).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.db.kysely.selectFrom('member_certs').selectAll().execute();
    expect(stored.length).toBe(1);
    expect(stored[0]!.token_hash).not.toBe(c.token);
    expect(stored[0]!.expires_at).toBe(t.clock.now + MEMBER_CERT_TTL_MS);

    const me = ok<{ data: Member }>(await asMember('/api/v1/member/getMember', {}, c)).data;
    expect(me).toMatchObject({ openid: 'fay00001', client: 'wechat', point: 2, spend: 200, order_count: 1 });
    const shop = await t.db.kysely
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', owner.merchantId)
      .executeTakeFirstOrThrow();
    expect(me.mch_name).toBe(shop.name);
    const bill = ok<{ data: MemberBill[]; count: number }>(
      await asMember('/api/v1/member/getBill', { pageNum: 1, pageSize: 10 }, c),
    );
    expect(bill.count).toBe(1);
    expect(bill.data[0]).toMatchObject({
      order_no: order,
      sn: SN,
      goods_name: 'Cola',
      amount: 300,
      refund_fee: 100,
      points: 2,
    });
    const coupons = ok<{ data: MemberCoupon[]; count: number }>(
      await asMember('/api/v1/member/getCardCoupon', { condition: { status: 'unused' } }, c),
    );
    expect(coupons.count).toBe(1);
    expect(coupons.data[0]).toMatchObject({ name: 'Welcome', type: 'reduce', reduce: 100, status: 'unused' });
    expect(
      ok<{ count: number }>(
        await asMember('/api/v1/member/getCardCoupon', { condition: { status: 'used' } }, c),
      ).count,
    ).toBe(0);

    // Another customer's cert sees their own member only.
    const g = await cert(customer('gus00001'));
    const gus = ok<{ data: Member }>(await asMember('/api/v1/member/getMember', {}, g)).data;
    expect(gus.openid).toBe('gus00001');
    const gusBill = ok<{ data: MemberBill[] }>(await asMember('/api/v1/member/getBill', {}, g));
    expect(gusBill.data.map((b) => b.order_no)).not.toContain(order);
    expect(ok<{ count: number }>(await asMember('/api/v1/member/getCardCoupon', {}, g)).count).toBe(0);

    // A customer who never bought becomes a member with 0 points; another merchant's machine, another member.
    const hal = await cert(customer('hal00001'), OTHER_SN);
    expect(ok<{ data: Member }>(await asMember('/api/v1/member/getMember', {}, hal)).data).toMatchObject({
      point: 0,
      order_count: 0,
    });
    expect((await memberRow('hal00001', other.merchantId))?.point).toBe(0);
    expect(await memberRow('hal00001')).toBeUndefined();

    // Invalid certs.
    const wrong: Record<string, string>[] = [
      {},
      { token: c.token },
      { token: c.token, secret: 'wrong' },
      { token: 'x', secret: 'y' },
    ];
    for (const headers of wrong) {
      for (const path of [
        '/api/v1/member/getMember',
        '/api/v1/member/getBill',
        '/api/v1/member/getCardCoupon',
      ]) {
        expect((await t.call(path, {}, headers)).rcode, `${path} ${JSON.stringify(headers)}`).toBe(
          RCODE.INVALID_CERT,
        );
      }
    }
    // A session is no cert.
    expect((await t.call('/api/v1/member/getMember', {}, owner.headers)).rcode).toBe(RCODE.INVALID_CERT);
    expect((await t.call('/p/v1/buy/memberCert', { sn: SN, customer: 'wechat:x.bad' })).rcode).toBe(
      RCODE.CUSTOMER_IDENTITY_FAILED,
    );
    expect((await t.call('/p/v1/buy/memberCert', { sn: '999999', customer: fay })).rcode).toBe(
      RCODE.DEVICE_NOT_FOUND,
    );
    // 30 days later the cert has expired; a new one works.
    t.clock.advance(MEMBER_CERT_TTL_MS);
    expect((await asMember('/api/v1/member/getMember', {}, c)).rcode).toBe(RCODE.INVALID_CERT);
    const again = await cert(fay);
    ok(await asMember('/api/v1/member/getMember', {}, again));
    // The expired cert went when the new one was made.
    expect(
      (
        await t.db.kysely
          .selectFrom('member_certs')
          .select('id')
          .where('token_hash', '=', stored[0]!.token_hash)
          .execute()
      ).length,
    ).toBe(0);
  });

  it("lists the merchant's members with search, remarks and the quota; the openid masked", async () => {
    await buy(customer('ivy00001'));
    await buy(customer('jon00001'));
    await buy(customer('kim00001'), 1, OTHER_SN);
    const list = ok<{ data: Member[]; count: number; quota: { used: number; max: number } }>(
      await call('/api/v1/b/getMember', { pageNum: 1, pageSize: 10 }),
    );
    expect(list.count).toBe(2);
    expect(list.quota).toEqual({ used: 2, max: 9999 });
    expect(list.data.map((m) => m.openid)).toEqual(['jon****0001', 'ivy****0001']);
    const ivy = list.data[1]!;
    expect(ivy).toMatchObject({ point: 3, spend: 300, order_count: 1, balance: 0, is_subscribe: 0 });

    ok(await call('/api/v1/b/editMember', { member_id: ivy.member_id, remarks: '  VIP regular  ' }));
    expect((await memberRow('ivy00001'))!.remarks).toBe('VIP regular');
    expect(
      (await call('/api/v1/b/editMember', { member_id: ivy.member_id, remarks: 'x'.repeat(201) })).rcode,
    ).toBe(RCODE.INVALID_PARAM);
    // Another merchant's member is not found.
    expect(
      (await call('/api/v1/b/editMember', { member_id: ivy.member_id, remarks: 'x' }, other)).rcode,
    ).toBe(RCODE.MEMBER_NOT_FOUND);
    const search = async (keyword: string) =>
      ok<{ data: Member[] }>(await call('/api/v1/b/getMember', { condition: { keyword } })).data.map(
        (m) => m.member_id,
      );
    expect(await search('vip')).toEqual([ivy.member_id]);
    expect(await search(ivy.cardno.slice(2, 9))).toEqual([ivy.member_id]);
    expect((await search('微信用户')).length).toBe(2);
    expect(await search('kim')).toEqual([]);
    expect(await search('%')).toEqual([]);
    const others = ok<{ data: Member[] }>(await call('/api/v1/b/getMember', {}, other)).data;
    expect(others.map((m) => m.openid)).toEqual(['kim****0001']);
    const page2 = ok<{ data: Member[]; count: number }>(
      await call('/api/v1/b/getMember', { pageNum: 2, pageSize: 1 }),
    );
    expect(page2).toMatchObject({ count: 2 });
    expect(page2.data.map((m) => m.member_id)).toEqual([ivy.member_id]);
  });

  it('makes no new members past the quota and never refuses a sale for it', async () => {
    await setApp(t, owner.merchantId, 'Member', { extend: { Member_max_count: '1' } });
    await buy(customer('lea00001'));
    const order = await buy(customer('max00001'));
    expect((await orderRow(t, order)).member_id).toBeNull();
    expect((await orderRow(t, order)).status).toBe(3);
    expect(await memberRow('max00001')).toBeUndefined();
    const refused = await t.call('/p/v1/buy/memberCert', { sn: SN, customer: customer('max00001') });
    expect(refused.rcode).toBe(RCODE.MEMBER_QUOTA_REACHED);
    expect(refused.msg).toContain('(1)');
    // The member there stays one.
    ok(await t.call('/p/v1/buy/memberCert', { sn: SN, customer: customer('lea00001') }));
    expect(ok<{ quota: { used: number; max: number } }>(await call('/api/v1/b/getMember', {})).quota).toEqual(
      { used: 1, max: 1 },
    );
  });

  it('stops members while the Member app has expired, never the sales', async () => {
    const nia = customer('nia00001');
    await buy(nia);
    const c = await cert(nia);
    const machine = async () =>
      ok<{ members: boolean }>(await t.call('/p/v1/buy/getMachine', { sn: SN })).members;
    expect(await machine()).toBe(true);
    await setApp(t, owner.merchantId, 'Member', { expireAt: t.clock.now - 1 });
    expect(await machine()).toBe(false);
    for (const path of ['/api/v1/b/getMember', '/api/v1/b/getPointRule']) {
      expect((await call(path, {})).rcode).toBe(RCODE.APP_EXPIRED);
    }
    expect((await asMember('/api/v1/member/getMember', {}, c)).rcode).toBe(RCODE.MEMBERS_UNAVAILABLE);
    expect((await t.call('/p/v1/buy/memberCert', { sn: SN, customer: nia })).rcode).toBe(
      RCODE.MEMBERS_UNAVAILABLE,
    );
    const order = await buy(nia);
    expect((await orderRow(t, order)).member_id).toBeNull();
    expect((await orderRow(t, order)).status).toBe(3);
    expect((await memberRow('nia00001'))!.point).toBe(3);
    // Points cannot be spent meanwhile.
    const coupon = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', couponForm({ points: 1 })),
    ).coupon_id;
    expect(
      (await t.call('/p/v1/buy/receiveCoupon', { sn: SN, coupon_id: coupon, customer: nia })).rcode,
    ).toBe(RCODE.MEMBERS_UNAVAILABLE);
  });

  it('downloads the members as a file (1033) through a signed link', async () => {
    await buy(customer('oto00001'));
    await buy(customer('pia00001'));
    const members = ok<{ data: Member[] }>(await call('/api/v1/b/getMember', {})).data;
    ok(await call('/api/v1/b/editMember', { member_id: members[0]!.member_id, remarks: 'note, with comma' }));
    const link = ok<{ url: string; filename: string }>(
      await call('/api/v1/b/memberReport', { condition: {}, format: 'csv' }),
    );
    expect(link.filename).toMatch(/\.csv$/);
    const url = new URL(link.url);
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const text = file.body.replace(/^\uFEFF/, '');
    expect(text).toContain('Card number');
    expect(text).toContain(members[0]!.cardno);
    expect(text).toContain('"note, with comma"');
    expect(text).toContain('oto****0001');
    expect(text).not.toContain('oto00001');
    // Filtered by the keyword.
    const one = ok<{ url: string }>(
      await call('/api/v1/b/memberReport', { condition: { keyword: 'with comma' }, format: 'csv' }),
    );
    const oneUrl = new URL(one.url);
    const oneFile = await t.app.inject({ method: 'GET', url: `${oneUrl.pathname}${oneUrl.search}` });
    expect(oneFile.body).toContain(members[0]!.cardno);
    expect(oneFile.body).not.toContain(members[1]!.cardno);
    // Once the Member app expires the link refuses.
    await setApp(t, owner.merchantId, 'Member', { expireAt: t.clock.now - 1 });
    const refused = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(refused.json<{ rcode: number }>().rcode).toBe(RCODE.APP_EXPIRED);
  });
});
