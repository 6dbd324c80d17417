import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GiftBatch } from '@vendo/contract/api/gifts';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import {
  addArea,
  addGoods,
  addStore,
  orderRow,
  standingMachine,
  virtualMachines,
} from '../orders/order-fixtures';
import { batchStatus, countsOf, newGiftCode, validityOf } from './gifts-service';

const DAY = 86_400_000;
/** The test clock: 2026-11-22 10:00 in Shanghai, a Sunday. */
const TODAY = '2026-11-22';

describe('gift rules', () => {
  it('codes are 12 characters of the alphabet, and differ', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newGiftCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-TV-Z]{12}$/);
  });

  it('validity follows the merchant-local day, the period and the weekdays', () => {
    const gift = { start_date: '2026-11-20', end_date: '2026-11-30', weekdays: '6,7' };
    const sunday = Date.UTC(2026, 10, 22, 2);
    expect(validityOf(gift, sunday, 'Asia/Shanghai')).toBe('ok');
    // Monday 00:30 in Shanghai is still Sunday in UTC.
    expect(validityOf(gift, Date.UTC(2026, 10, 22, 16, 30), 'Asia/Shanghai')).toBe('wrongDay');
    expect(validityOf(gift, Date.UTC(2026, 10, 22, 16, 30), 'UTC')).toBe('ok');
    expect(validityOf(gift, Date.UTC(2026, 10, 19, 2), 'Asia/Shanghai')).toBe('notYet');
    expect(validityOf(gift, Date.UTC(2026, 11, 1, 2), 'Asia/Shanghai')).toBe('expired');
  });

  it('counts move redeemable codes to invalid while the batch is not valid', () => {
    const stored = new Map([
      ['unused', 3],
      ['downloaded', 2],
      ['used', 1],
    ]);
    expect(countsOf(stored, true)).toMatchObject({ unused: 3, downloaded: 2, used: 1, invalid: 0 });
    expect(countsOf(stored, false)).toMatchObject({ unused: 0, downloaded: 0, used: 1, invalid: 5 });
    const gift = { state: 'active', quantity: 6, downloaded_at: null } as Parameters<typeof batchStatus>[0];
    expect(batchStatus(gift, countsOf(stored, true), 'ok')).toBe('unused');
    expect(batchStatus({ ...gift, downloaded_at: 1 }, countsOf(stored, true), 'ok')).toBe('downloaded');
    expect(batchStatus(gift, countsOf(stored, false), 'expired')).toBe('invalid');
    expect(batchStatus({ ...gift, state: 'revoked' }, countsOf(stored, true), 'ok')).toBe('revoked');
    expect(batchStatus({ ...gift, quantity: 1 }, countsOf(stored, true), 'ok')).toBe('used');
  });
});

describe.each(dialects())('gift vouchers on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let cola: number;
  let chips: number;
  let water: number;
  let store: number;
  let restore: () => void;
  let ipSeq = 0;
  const SN = '880001';
  const SN2 = '880002';
  const OTHER_SN = '880009';

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900001201');
    other = await mainAccount(t, '13900001202');
    cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    chips = await addGoods(t, owner.merchantId, 'Chips', 500, 200);
    water = await addGoods(t, owner.merchantId, 'Water', 200, 50);
    const area = await addArea(t, owner, 'North');
    store = await addStore(t, owner, area, 'Mall', 'auto');
    // Shelf 1 Cola, 2 Chips, 3 Water.
    await standingMachine(t, owner, { sn: SN, areaId: area, storeId: store, goods: [cola, chips, water] });
    await standingMachine(t, owner, { sn: SN2, areaId: area, storeId: store, goods: [cola] });
    const otherGoods = await addGoods(t, other.merchantId, 'Tea', 300, 100);
    await standingMachine(t, other, { sn: OTHER_SN, areaId: null, storeId: null, goods: [otherGoods] });
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  /** Each test's customers come from their own address (the redeem limit counts per address). */
  const customer = () => ({ 'x-forwarded-for': `10.9.${dialect === 'sqlite' ? 1 : 2}.${++ipSeq % 250}` });

  const form = (change: Record<string, unknown> = {}) => ({
    name: 'Opening day',
    salesman: 'Li',
    start_date: TODAY,
    end_date: '2026-12-31',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    points: 0,
    note: 'for the opening',
    device_sn: [SN],
    gifts: [cola, chips],
    quantity: 5,
    ...change,
  });

  async function addBatch(change: Record<string, unknown> = {}): Promise<number> {
    return ok<{ gift_id: number }>(await call('/api/v1/b/addGift', form(change))).gift_id;
  }
  async function codesOf(giftId: number): Promise<string[]> {
    const rows = await t.db.kysely
      .selectFrom('gift_codes')
      .select('code')
      .where('gift_id', '=', giftId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.code);
  }
  async function batch(giftId: number, caller: Caller = owner): Promise<GiftBatch | undefined> {
    const list = ok<{ data: GiftBatch[] }>(
      await call('/api/v1/h/getGift', { pageNum: 1, pageSize: 50 }, caller),
    );
    return list.data.find((g) => g.gift_id === giftId);
  }
  const redeem = (code: string, channelSn = 1, sn = SN, headers = customer()) =>
    t.call('/p/v1/buy/redeemGift', { sn, code, channel_sn: channelSn }, headers);

  it('refuses every broken rule with its own code, at its field, and saves nothing', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ end_date: '2026-11-01', start_date: '2026-11-05' }, RCODE.GIFT_PERIOD_INVALID],
      [{ start_date: '2026-11-01', end_date: '2026-11-21' }, RCODE.GIFT_PERIOD_PAST],
      [{ weekdays: [] }, RCODE.GIFT_WEEKDAYS_EMPTY],
      [{ device_sn: [] }, RCODE.GIFT_DEVICES_EMPTY],
      [{ device_sn: [SN, OTHER_SN] }, RCODE.GIFT_DEVICE_INVALID],
      [{ gifts: [] }, RCODE.GIFT_GOODS_EMPTY],
      [{ quantity: 0 }, RCODE.GIFT_QUANTITY_RANGE],
      [{ quantity: 1001 }, RCODE.GIFT_QUANTITY_RANGE],
    ];
    for (const [change, rcode] of cases) {
      const answer = await call('/api/v1/b/addGift', form(change));
      expect(answer.rcode, JSON.stringify(change)).toBe(rcode);
    }
    const foreign = await call('/api/v1/b/addGift', form({ gifts: [cola, 999999] }));
    expect(foreign).toMatchObject({
      rcode: RCODE.GIFT_GOODS_INVALID,
      msg: 'Gifts must be goods of your own',
    });
    const device = await call('/api/v1/b/addGift', form({ device_sn: [OTHER_SN] }));
    expect(device.msg).toBe(`Machine ${OTHER_SN} is not one of yours`);
    expect((await call('/api/v1/b/addGift', form({ name: '' }))).rcode).toBe(RCODE.INVALID_PARAM);
    expect((await call('/api/v1/b/addGift', form({ points: -1 }))).rcode).toBe(RCODE.INVALID_PARAM);
    expect((await call('/api/v1/b/addGift', form({ weekdays: [8] }))).rcode).toBe(RCODE.INVALID_PARAM);
    const count = await t.db.kysely
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('makes a batch of unique codes and lists it with its counts; others never see it', async () => {
    const id = await addBatch({ weekdays: [7, 6, 6] });
    const codes = await codesOf(id);
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    const listed = await batch(id);
    expect(listed).toMatchObject({
      name: 'Opening day',
      status: 'unused',
      salesman: 'Li',
      weekdays: [6, 7],
      device_sn: [SN],
      gifts: [
        { goods_id: cola, goods_name: 'Cola' },
        { goods_id: chips, goods_name: 'Chips' },
      ],
      quantity: 5,
      counts: { unused: 5, downloaded: 0, used: 0, revoked: 0, deleted: 0, invalid: 0 },
    });
    expect(await batch(id, other)).toBeUndefined();
    expect((await call('/api/v1/b/disableGift', { gift_id: id }, other)).rcode).toBe(RCODE.GIFT_NOT_FOUND);
    expect((await call('/api/v1/b/download', { gift_id: id }, other)).rcode).toBe(RCODE.GIFT_NOT_FOUND);
  });

  it('lists the machines a batch may name: the merchant own, paged and searched', async () => {
    const page = ok<{ data: { sn: string; store_name: string }[]; count: number }>(
      await call('/api/v1/b/getGiftHubDev', { pageNum: 1, pageSize: 1 }),
    );
    expect(page.count).toBe(2);
    expect(page.data).toEqual([expect.objectContaining({ sn: SN, store_name: 'Mall' })]);
    const found = ok<{ data: { sn: string }[] }>(
      await call('/api/v1/b/getGiftHubDev', { pageNum: 1, pageSize: 10, condition: { keyword: SN2 } }),
    );
    expect(found.data.map((d) => d.sn)).toEqual([SN2]);
    const id = await addBatch({ device_sn: [SN2] });
    const bound = ok<{ data: { sn: string }[]; count: number }>(
      await call('/api/v1/b/getGiftHubDev', { pageNum: 1, pageSize: 10, condition: { gift_id: id } }),
    );
    expect(bound).toMatchObject({ count: 1, data: [{ sn: SN2 }] });
    const foreign = await call('/api/v1/b/getGiftHubDev', { condition: { gift_id: id } }, other);
    expect(foreign.rcode).toBe(RCODE.GIFT_NOT_FOUND);
  });

  it('downloads the codes as a file and marks them downloaded; the print sheet carries QR codes', async () => {
    const id = await addBatch();
    const codes = await codesOf(id);
    const link = ok<{ url: string; filename: string }>(
      await call('/api/v1/b/download', { gift_id: id, format: 'csv' }),
    );
    expect(link.filename).toMatch(/\.csv$/);
    const file = await t.app.inject({ method: 'GET', url: link.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(file.statusCode).toBe(200);
    for (const code of codes) expect(file.body).toContain(`/buy/${SN}?gift=${code}`);
    expect(await batch(id)).toMatchObject({ status: 'downloaded', counts: { unused: 0, downloaded: 5 } });

    const xlsx = ok<{ url: string }>(await call('/api/v1/b/download', { gift_id: id }));
    const sheet = await t.app.inject({ method: 'GET', url: xlsx.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');

    const id2 = await addBatch({ quantity: 2 });
    const printed = ok<{ codes: { code: string; url: string; qr: string }[] }>(
      await call('/api/v1/b/getGiftCodes', { gift_id: id2 }),
    );
    expect(printed.codes).toHaveLength(2);
    expect(printed.codes[0]!.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(printed.codes[0]!.code).toMatch(/^.{4}-.{4}-.{4}$/);
    expect((await batch(id2))!.counts.downloaded).toBe(2);

    // A downloaded code still redeems.
    const redeemed = ok<{ order_no: string }>(await redeem(codes[0]!));
    expect(redeemed.order_no).toMatch(/^V/);
  });

  it('redeems a code once: a free gift order, vended; the second time is refused with a clear message', async () => {
    const id = await addBatch();
    const [code] = await codesOf(id);
    const checked = ok<{ name: string; shelves: { channel_sn: number; goods_name: string }[] }>(
      await t.call('/p/v1/buy/checkGift', { sn: SN, code: code!.toLowerCase() }, customer()),
    );
    expect(checked.name).toBe('Opening day');
    // Shelves 1 (Cola) and 2 (Chips): Water is not a gift of this batch.
    expect(checked.shelves.map((s) => s.channel_sn)).toEqual([1, 2]);

    expect((await redeem(code!, 3)).rcode).toBe(RCODE.GIFT_SHELF_NOT_GIFT);
    const made = ok<{ order_no: string; token: string }>(
      await redeem(`${code!.slice(0, 4)}-${code!.slice(4)}`, 2),
    );
    await t.services.orders.idle();
    const order = await orderRow(t, made.order_no);
    expect(order).toMatchObject({ client: 'gift', amount: 0, source: 'customer', status: 3, kind: 'goods' });
    const followed = ok<{ stage: string; pay_channel: string }>(
      await t.call('/p/v1/buy/getOrder', { order_no: made.order_no, token: made.token }),
    );
    expect(followed).toMatchObject({ stage: 'delivered', pay_channel: 'gift' });

    const again = await redeem(code!, 2);
    expect(again).toMatchObject({ rcode: RCODE.GIFT_CODE_USED, msg: 'This code has already been used' });
    const zh = await t.call(
      '/p/v1/buy/redeemGift',
      { sn: SN, code, channel_sn: 1 },
      { ...customer(), lang: 'zh-CN' },
    );
    expect(zh.msg).toBe('该券码已被使用');
    expect((await batch(id))!.counts).toMatchObject({ unused: 4, used: 1 });

    const records = await t.services.gifts.gifts.redemptions(owner.merchantId, {
      start: t.clock.now - DAY,
      end: t.clock.now + DAY,
      pageNum: 1,
      pageSize: 10,
    });
    expect(records).toMatchObject({
      count: 1,
      data: [{ gift_id: id, order_no: made.order_no, sn: SN, goods_name: 'Chips' }],
    });
    const summary = await t.services.gifts.gifts.summary(owner.merchantId);
    expect(summary).toMatchObject({ batches: 1, running: 1, counts: { used: 1, unused: 4 } });
  });

  it('refuses unknown codes, other machines, other merchants and days outside the batch', async () => {
    const id = await addBatch({ start_date: '2026-11-23', weekdays: [1] });
    const [code] = await codesOf(id);
    const short = await addBatch({ end_date: '2026-11-23' });
    const [shortCode] = await codesOf(short);
    expect((await redeem('ZZZZZZZZZZZZ')).rcode).toBe(RCODE.GIFT_CODE_INVALID);
    expect((await redeem(code!, 1, OTHER_SN)).rcode).toBe(RCODE.GIFT_CODE_INVALID);
    expect((await redeem(code!, 1, SN2)).rcode).toBe(RCODE.GIFT_CODE_WRONG_MACHINE);
    expect(await redeem(code!)).toMatchObject({
      rcode: RCODE.GIFT_CODE_NOT_YET,
      msg: 'This code is valid from 2026-11-23',
    });
    expect((await batch(id))!.status).toBe('invalid');
    // Monday: valid.
    t.clock.advance(DAY);
    expect((await batch(id))!.status).toBe('unused');
    // Tuesday: outside its weekdays; the short batch has ended.
    t.clock.advance(DAY);
    expect(await redeem(code!)).toMatchObject({
      rcode: RCODE.GIFT_CODE_WRONG_DAY,
      msg: 'This code is not valid today, only on: Mon',
    });
    expect(await batch(id)).toMatchObject({ status: 'invalid', counts: { unused: 0, invalid: 5 } });
    expect(await redeem(shortCode!)).toMatchObject({
      rcode: RCODE.GIFT_CODE_EXPIRED,
      msg: 'This code has expired (it was valid until 2026-11-23)',
    });
    expect(await orderCount()).toBe(0);
  });

  it('revokes a batch (codes refused), deletes it only once revoked, and the used codes stay used', async () => {
    const id = await addBatch();
    const [first, second] = await codesOf(id);
    ok(await redeem(first!));
    expect((await call('/api/v1/b/disableGift', { gift_id: id, action: 'delete' })).rcode).toBe(
      RCODE.GIFT_DELETE_NOT_REVOKED,
    );
    expect(ok(await call('/api/v1/b/disableGift', { gift_id: id }))).toMatchObject({ status: 'revoked' });
    expect(await redeem(second!)).toMatchObject({
      rcode: RCODE.GIFT_CODE_REVOKED,
      msg: 'This code has been revoked by the merchant',
    });
    expect(await batch(id)).toMatchObject({ status: 'revoked', counts: { used: 1, revoked: 4 } });
    // Again: nothing changes.
    expect(ok(await call('/api/v1/b/disableGift', { gift_id: id }))).toMatchObject({ status: 'revoked' });
    expect(ok(await call('/api/v1/b/disableGift', { gift_id: id, action: 'delete' }))).toMatchObject({
      status: 'deleted',
    });
    expect(await batch(id)).toBeUndefined();
    const deleted = ok<{ data: GiftBatch[] }>(
      await call('/api/v1/h/getGift', { pageNum: 1, pageSize: 10, condition: { status: 'deleted' } }),
    );
    expect(deleted.data[0]).toMatchObject({ gift_id: id, counts: { used: 1, deleted: 4 } });
    expect((await call('/api/v1/b/disableGift', { gift_id: id })).rcode).toBe(RCODE.GIFT_NOT_FOUND);
    expect((await redeem(second!)).rcode).toBe(RCODE.GIFT_CODE_REVOKED);
  });

  it('a failed vend gives the code back: the customer redeems it again', async () => {
    const id = await addBatch();
    const [code] = await codesOf(id);
    restore();
    restore = virtualMachines(t, { fault: () => 1 });
    const failed = ok<{ order_no: string }>(await redeem(code!));
    await t.services.orders.idle();
    expect((await orderRow(t, failed.order_no)).status).toBe(4);
    // Counted as unused again, since it redeems again.
    expect((await batch(id))!.counts).toMatchObject({ unused: 5, used: 0 });
    // So the merchant cannot vend the failed order again: that and a new redemption would be two gifts.
    expect((await call('/api/v1/b/replaceGoods', { orderno: failed.order_no })).rcode).toBe(
      RCODE.GIFT_ORDER_REDEEM_AGAIN,
    );
    restore();
    restore = virtualMachines(t);
    const second = ok<{ order_no: string }>(await redeem(code!));
    await t.services.orders.idle();
    expect((await orderRow(t, second.order_no)).status).toBe(3);
    expect((await redeem(code!)).rcode).toBe(RCODE.GIFT_CODE_USED);
  });

  it('an offline machine is refused before the code is touched', async () => {
    const id = await addBatch();
    const [code] = await codesOf(id);
    await t.db.kysely.updateTable('devices').set({ alive: 0 }).where('sn', '=', SN).execute();
    expect((await redeem(code!)).rcode).toBe(RCODE.DEVICE_OFFLINE);
    expect((await batch(id))!.counts.unused).toBe(5);
  });

  it('parallel redeems of one code make exactly one order and one vend', async () => {
    const id = await addBatch({ quantity: 3 });
    const codes = await codesOf(id);
    let vends = 0;
    restore();
    const original = virtualMachines(t);
    const commander = t.services.devices.commander;
    const patched = commander.run.bind(commander);
    (commander as unknown as { run: typeof patched }).run = (async (...args: Parameters<typeof patched>) => {
      if (args[1] === 'vend') vends += 1;
      return patched(...args);
    }) as typeof patched;
    restore = () => {
      (commander as unknown as { run: typeof patched }).run = patched;
      original();
    };
    for (const code of codes) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => redeem(code, 1 + (i % 2), SN, customer())),
      );
      expect(answers.filter((a) => a.rcode === 0)).toHaveLength(1);
      for (const a of answers.filter((x) => x.rcode !== 0)) expect(a.rcode).toBe(RCODE.GIFT_CODE_USED);
    }
    await t.services.orders.idle();
    expect(await orderCount()).toBe(3);
    expect(vends).toBe(3);
    expect((await batch(id))!.counts.used).toBe(3);
  });

  it('limits redeem attempts per address, so codes cannot be guessed', async () => {
    const headers = { 'x-forwarded-for': `10.8.${dialect === 'sqlite' ? 1 : 2}.1` };
    for (let i = 0; i < 20; i++) expect((await redeem('ABCDEFGHJKMN', 1, SN, headers)).rcode).toBe(1130);
    expect((await redeem('ABCDEFGHJKMN', 1, SN, headers)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect((await redeem('ABCDEFGHJKMN', 1, SN, customer())).rcode).toBe(RCODE.GIFT_CODE_INVALID);
  });

  async function orderCount(): Promise<number> {
    const row = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client', '=', 'gift')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
