import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commissionAfterRefunds,
  parseCommission,
  referrerCommission,
  REFERRERS_MAX,
  type Referrer,
  type ReferrerDay,
} from '@vendo/contract/api/referrers';
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

describe('referrer money rules', () => {
  it('commission is the floor of paid × rate; refunds cut it in proportion and add up', () => {
    expect(referrerCommission(300, 1250)).toBe(37); // 37.5 → 37
    expect(referrerCommission(300, 10000)).toBe(300);
    expect(referrerCommission(300, 0)).toBe(0);
    expect(commissionAfterRefunds(37, 300, 0)).toBe(37);
    expect(commissionAfterRefunds(37, 300, 100)).toBe(24); // 37 × 200/300 = 24.67
    expect(commissionAfterRefunds(37, 300, 300)).toBe(0);
    expect(parseCommission('12.5')).toBe(1250);
    expect(parseCommission('100')).toBe(10000);
    expect(parseCommission('0.01')).toBe(1);
    expect(parseCommission('100.01')).toBeNull();
    expect(parseCommission('1.234')).toBeNull();
    expect(parseCommission('-1')).toBeNull();
  });
});

describe.each(dialects())('referrers on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let restore: () => void;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001701');
    other = await mainAccount(t, '13900001702');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'Area R');
    const store = await addStore(t, owner, area, 'Store R');
    await standingMachine(t, owner, {
      sn: '17001',
      areaId: area,
      storeId: store,
      goods: [cola],
      quantity: 200,
    });
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, who: Caller = owner) => t.call(path, body, who.headers);
  const add = async (over: Record<string, unknown> = {}, who: Caller = owner) =>
    ok<{ referrer_id: number }>(
      await call(
        '/api/v1/b/addReferrer',
        { referrer_name: 'Li Lei', referrer_no: 'S001', commission: 1250, remarks: 'north', ...over },
        who,
      ),
    ).referrer_id;
  const list = async (condition: Record<string, unknown> = {}, who: Caller = owner) =>
    ok<{ data: Referrer[]; count: number }>(await call('/api/v1/b/getReferrer', { condition }, who));

  /** A customer opens the referrer's link (`?ref=`), orders shelf 1 and pays in the sandbox. */
  async function buyThrough(referrerId: number | undefined): Promise<string> {
    const created = await t.call(
      '/p/v1/buy/createOrder',
      { sn: '17001', channel_sn: 1, kind: 'goods', ...(referrerId ? { referrer_id: referrerId } : {}) },
      { 'user-agent': WECHAT_UA },
    );
    const order = ok<{ order_no: string; pay_url: string }>(created);
    ok(await t.call('/p/v1/sandboxPay/pay', { tx: order.pay_url.split('/').pop(), action: 'pay' }));
    await settle(t);
    return order.order_no;
  }
  const commission = async (condition: Record<string, unknown> = {}) =>
    ok<{
      data: ReferrerDay[];
      count: number;
      totals: { sale_count: number; paid_amt: number; refund_amt: number; commission_amt: number };
    }>(await call('/api/v1/b/getReferrerCommission', { condition }));

  it('adds, lists, edits and deletes softly; the number is unique among live referrers', async () => {
    const id = await add();
    expect((await list()).data).toMatchObject([
      { referrer_id: id, referrer_name: 'Li Lei', referrer_no: 'S001', commission: 1250, remarks: 'north' },
    ]);
    // Another merchant's list never shows it, and may use the same number.
    expect((await list({}, other)).count).toBe(0);
    await add({}, other);

    const taken = await call('/api/v1/b/addReferrer', {
      referrer_name: 'Han Meimei',
      referrer_no: 'S001',
      commission: 500,
    });
    expect(taken).toMatchObject({
      rcode: RCODE.REFERRER_NO_TAKEN,
      msg: 'Referrer number S001 is already used by another referrer',
    });
    // Empty numbers never collide.
    const second = await add({ referrer_name: 'Han Meimei', referrer_no: '' });
    await add({ referrer_name: 'Lin Tao', referrer_no: '' });
    expect((await list({ keyword: 'han' })).data.map((r) => r.referrer_id)).toEqual([second]);
    expect((await list({ keyword: 's00' })).data.map((r) => r.referrer_id)).toEqual([id]);

    ok(
      await call('/api/v1/b/editReferrer', {
        referrer_id: second,
        referrer_name: 'Han Meimei',
        referrer_no: 'S002',
        commission: 10000,
        remarks: '',
      }),
    );
    expect(
      await call('/api/v1/b/editReferrer', {
        referrer_id: second,
        referrer_name: 'Han Meimei',
        referrer_no: 'S001',
        commission: 100,
      }),
    ).toMatchObject({ rcode: RCODE.REFERRER_NO_TAKEN });
    // Editing keeps its own number.
    ok(
      await call('/api/v1/b/editReferrer', {
        referrer_id: id,
        referrer_name: 'Li Lei',
        referrer_no: 'S001',
        commission: 1300,
      }),
    );

    ok(await call('/api/v1/b/delReferrer', { referrer_id: id }));
    expect((await list()).data.map((r) => r.referrer_id)).not.toContain(id);
    expect(await call('/api/v1/b/delReferrer', { referrer_id: id })).toMatchObject({
      rcode: RCODE.REFERRER_NOT_FOUND,
    });
    expect(
      await call('/api/v1/b/editReferrer', { referrer_id: id, referrer_name: 'X', commission: 1 }),
    ).toMatchObject({ rcode: RCODE.REFERRER_NOT_FOUND });
    // A deleted referrer's number is free again.
    await add({ referrer_name: 'Wei Hua', referrer_no: 'S001' });
    // Another merchant's referrer "does not exist".
    expect(await call('/api/v1/b/delReferrer', { referrer_id: second }, other)).toMatchObject({
      rcode: RCODE.REFERRER_NOT_FOUND,
    });
  });

  it('answers every rule with its own code and changes nothing', async () => {
    const refused = async (body: Record<string, unknown>, rcode: number, msg?: string) => {
      const answer = await call('/api/v1/b/addReferrer', {
        referrer_name: 'Li Lei',
        referrer_no: 'S9',
        commission: 100,
        ...body,
      });
      expect(answer.rcode).toBe(rcode);
      if (msg) expect(answer.msg).toBe(msg);
    };
    await refused({ referrer_name: '' }, RCODE.INVALID_PARAM, 'Referrer name: Cannot be empty');
    await refused({ referrer_name: 'Li<Lei>' }, RCODE.INVALID_PARAM);
    await refused(
      { commission: 10001 },
      RCODE.REFERRER_COMMISSION_INVALID,
      'Commission must be between 0 and 100% with at most 2 decimals',
    );
    await refused({ commission: -1 }, RCODE.REFERRER_COMMISSION_INVALID);
    await refused({ commission: 12.5 }, RCODE.REFERRER_COMMISSION_INVALID);
    await refused({ commission: undefined }, RCODE.INVALID_PARAM);
    await refused({ referrer_no: 'S 1' }, RCODE.REFERRER_NO_INVALID);
    expect((await list()).count).toBe(0);
  });

  it('limits the referrers of a merchant', async () => {
    const now = t.clock.now;
    await t.db.kysely
      .insertInto('referrers')
      .values(
        Array.from({ length: REFERRERS_MAX }, (_, i) => ({
          merchant_id: owner.merchantId,
          name: `R${i}`,
          referrer_no: '',
          commission: 0,
          remarks: '',
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .execute();
    expect(await call('/api/v1/b/addReferrer', { referrer_name: 'One more', commission: 0 })).toMatchObject({
      rcode: RCODE.REFERRER_LIMIT,
    });
  });

  it('is for the main account only', async () => {
    const staff = await staffAccount(t, owner, { account: 'clerk', perms: Object.values(PERMISSIONS) });
    const answer = await call('/api/v1/b/getReferrer', {}, staff);
    expect(answer.rcode).toBe(RCODE.FORBIDDEN);
  });

  it('attributes a sale made through the link, books the commission, cuts it on refunds', async () => {
    const id = await add({ commission: 1250 });
    const orderNo = await buyThrough(id);
    const order = await t.db.kysely
      .selectFrom('orders')
      .select(['referrer_id', 'amount', 'status'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ referrer_id: id, amount: 300 });

    expect((await list()).data[0]).toMatchObject({ sale_count: 1, commission_amt: 37 });
    const days = await commission();
    expect(days.data).toMatchObject([
      {
        referrer_id: id,
        referrer_name: 'Li Lei',
        sale_count: 1,
        paid_amt: 300,
        commission_amt: 37,
        deleted: 0,
      },
    ]);
    expect(days.data[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A part refund cuts the commission in proportion; a second one adds up to the whole.
    ok(await call('/api/v1/b/refund', { orderno: orderNo, part_refund: true, refund_fee: 100 }));
    await t.services.orders.jobs.tick();
    await settle(t);
    expect((await commission()).totals).toEqual({
      sale_count: 1,
      paid_amt: 300,
      refund_amt: 100,
      commission_amt: 24,
    });
    ok(await call('/api/v1/b/refund', { orderno: orderNo, part_refund: true, refund_fee: 200 }));
    await t.services.orders.jobs.tick();
    await settle(t);
    expect((await commission()).totals).toMatchObject({ refund_amt: 300, commission_amt: 0 });

    // A changed rate applies to the next sale only; a deleted referrer keeps its history.
    ok(
      await call('/api/v1/b/editReferrer', {
        referrer_id: id,
        referrer_name: 'Li Lei',
        referrer_no: 'S001',
        commission: 10000,
      }),
    );
    await buyThrough(id);
    ok(await call('/api/v1/b/delReferrer', { referrer_id: id }));
    const after = await commission();
    expect(after.totals).toMatchObject({ sale_count: 2, paid_amt: 600, commission_amt: 300 });
    expect(after.data[0]).toMatchObject({ deleted: 1 });
    // Filtered by the deleted referrer: its days still show.
    expect((await commission({ referrer_id: id })).totals).toMatchObject({ sale_count: 2, paid_amt: 600 });
  });

  it('refuses a commission filter naming another merchant’s referrer or none, as the other calls do', async () => {
    const mine = await add();
    const theirs = await add({}, other);
    const texts = { 'zh-CN': '推荐人不存在', 'zh-TW': '推薦人不存在', 'en-US': 'Referrer does not exist' };
    for (const [lang, msg] of Object.entries(texts)) {
      const answer = await t.call(
        '/api/v1/b/getReferrerCommission',
        { condition: { referrer_id: theirs } },
        { ...owner.headers, lang },
      );
      expect(answer).toMatchObject({ rcode: RCODE.REFERRER_NOT_FOUND, msg, result: null });
    }
    expect(
      (await call('/api/v1/b/getReferrerCommission', { condition: { referrer_id: 999_999 } })).rcode,
    ).toBe(RCODE.REFERRER_NOT_FOUND);
    // The caller's own referrer, and no filter (0 is none), answer as before.
    expect((await commission({ referrer_id: mine })).count).toBe(0);
    expect((await commission({ referrer_id: 0 })).count).toBe(0);
  });

  it('answers a link to a machine of the merchant and its QR code', async () => {
    const id = await add();
    const link = ok<{ url: string; qr: string }>(
      await call('/api/v1/b/getReferrerLink', { referrer_id: id, sn: '17001' }),
    );
    expect(link.url).toMatch(new RegExp(`/buy/17001\\?ref=${id}$`));
    expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await call('/api/v1/b/getReferrerLink', { referrer_id: id, sn: '99999' })).toMatchObject({
      rcode: RCODE.DEVICE_NOT_FOUND,
    });
    expect(await call('/api/v1/b/getReferrerLink', { referrer_id: id, sn: '17001' }, other)).toMatchObject({
      rcode: RCODE.REFERRER_NOT_FOUND,
    });
  });

  it('sells without a referrer when the link names a deleted, foreign or unknown one', async () => {
    const gone = await add();
    ok(await call('/api/v1/b/delReferrer', { referrer_id: gone }));
    const foreign = await add({}, other);
    for (const ref of [gone, foreign, 999_999]) {
      const orderNo = await buyThrough(ref);
      const row = await t.db.kysely
        .selectFrom('orders')
        .select(['referrer_id', 'status'])
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ referrer_id: null, status: 3 });
    }
    expect((await commission()).count).toBe(0);
    await buyThrough(undefined);
    expect((await commission()).totals.sale_count).toBe(0);
  });

  it('applies the picker range rule to the commission per day', async () => {
    const now = t.clock.now;
    const early = await call('/api/v1/b/getReferrerCommission', {
      condition: { start_time: now - 1000 * 86_400_000, end_time: now },
    });
    expect(early).toMatchObject({ rcode: RCODE.INVALID_PARAM });
    const future = await call('/api/v1/b/getReferrerCommission', {
      condition: { start_time: now - 1000, end_time: now + 86_400_000 },
    });
    expect(future).toMatchObject({ rcode: RCODE.INVALID_PARAM });
  });
});
