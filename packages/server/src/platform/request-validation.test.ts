import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUFFIX_MAX, TEXT_MAX } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { UserInfo } from '@vendo/contract/api/account';
import { PAGE_NUM_MAX } from '@vendo/contract/api/call';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';
import { pathOfNul } from './route';

/**
 * Issue 12 item 6 and the wrong-type message: what no column can store (a NUL character, a text over its
 * column) is refused as a validation answer naming the field, in the caller's language, never as a database
 * fault; a value of the wrong type says what was expected.
 */
describe('finding a NUL character', () => {
  it('names the path of the first text or key holding one', () => {
    expect(pathOfNul({ a: 'x', b: ['y', { c: 'z\u0000' }] })).toBe('b.1.c');
    expect(pathOfNul('\u0000')).toBe('');
    expect(pathOfNul({ condition: { 'k\u0000': 1 } })).toBe('condition');
    expect(pathOfNul({ a: 'no', b: [1, null, true] })).toBeUndefined();
    expect(pathOfNul({ file: { data: Buffer.from([0, 0, 0]) } })).toBeUndefined();
  });

  it('walks a deeply nested body without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(pathOfNul(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe.each(dialects())('request validation on %s', (dialect) => {
  let t: TestApp;
  let owner: UserInfo;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await signUpMerchant(t, '13900000031', 'secret123');
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses a NUL character in the login name, in every language, before any query', async () => {
    const body = { username: '1390000\u00000031', password: 'secret123' };
    expect(await t.call('/p/v1/login', body)).toEqual({
      status: 200,
      rcode: RCODE.INVALID_PARAM,
      msg: 'Username: Cannot contain the NUL character',
      result: null,
    });
    expect((await t.call('/p/v1/login', body, { lang: 'zh-CN' })).msg).toBe('用户名：不能包含空字符（NUL）');
    expect((await t.call('/p/v1/login', body, { lang: 'zh-TW' })).msg).toBe(
      '使用者名稱：不能包含空字元（NUL）',
    );
  });

  it('refuses a NUL character in a password, a filter and a key of a condition', async () => {
    const headers = sessionHeaders(owner);
    const password = await t.call('/p/v1/login', { username: '13900000031', password: 'secret\u0000123' });
    expect(password).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Password: Cannot contain the NUL character',
    });
    const filter = await t.call('/api/v1/u/getArea', { condition: { area_name: 'a\u0000' } }, headers);
    expect(filter).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'condition.area_name: Cannot contain the NUL character',
    });
    const report = await t.call(
      '/api/v1/a/report',
      { kind: 'buyBill', condition: { ['sn\u0000']: '1' } },
      headers,
    );
    expect(report).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'condition: Cannot contain the NUL character',
    });
    const name = await t.call('/api/v1/u/addArea', { name: 'North\u0000' }, headers);
    expect(name).toMatchObject({ rcode: RCODE.INVALID_PARAM });
    expect(await t.db.kysely.selectFrom('areas').select('id').execute()).toEqual([]);
  });

  it('refuses a login name over its maximum with the maximum, not a database fault', async () => {
    const answer = await t.call('/p/v1/login', { username: '1'.repeat(300), password: 'secret123' });
    expect(answer).toEqual({
      status: 200,
      rcode: RCODE.INVALID_PARAM,
      msg: `Username: At most ${TEXT_MAX.login} characters`,
      result: null,
    });
    const zh = await t.call('/p/v1/login', { username: 'a'.repeat(300), password: 'x' }, { lang: 'zh-CN' });
    expect(zh.msg).toBe(`用户名：最多${TEXT_MAX.login}个字符`);
    // The longest login name there is still reaches the password check.
    const longest = `${'a'.repeat(32)}@${'b'.repeat(32)}`;
    expect((await t.call('/p/v1/login', { username: longest, password: 'secret123' })).rcode).toBe(
      RCODE.WRONG_CREDENTIALS,
    );
  });

  it('refuses a 60,000-character login suffix (under the 64 KiB body limit) and keeps the merchant’s', async () => {
    const answer = await t.call(
      '/api/v1/u/setSubUserSuffix',
      { sub_user_suffix: 'a'.repeat(60_000) },
      sessionHeaders(owner),
    );
    expect(answer).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: `Login suffix: At most ${SUFFIX_MAX} characters`,
    });
    const merchant = await t.db.kysely
      .selectFrom('merchants')
      .select('sub_user_suffix')
      .executeTakeFirstOrThrow();
    expect(merchant.sub_user_suffix).toBeNull();
    const longest = 'a'.repeat(SUFFIX_MAX);
    expect(
      (await t.call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: longest }, sessionHeaders(owner))).rcode,
    ).toBe(0);
  });

  it('refuses texts over their columns on every kind of call', async () => {
    const headers = sessionHeaders(owner);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        '/api/v1/u/addArea',
        { name: 'North', address: 'x'.repeat(TEXT_MAX.address + 1) },
        `Address: At most ${TEXT_MAX.address} characters`,
      ],
      [
        '/api/v1/g/getGoods',
        { condition: { goods_name: 'x'.repeat(TEXT_MAX.filter + 1) } },
        `condition.goods_name: At most ${TEXT_MAX.filter} characters`,
      ],
      [
        '/api/v1/b/getBuyBill',
        { condition: { start_time: '1'.repeat(1000) } },
        `Start time: At most ${TEXT_MAX.word} characters`,
      ],
      ['/api/v1/u/getArea', { step: 's'.repeat(1000) }, `step: At most ${TEXT_MAX.word} characters`],
      [
        '/api/v1/g/addPrivate',
        { goods_name: 'Cola', price: 300, tags: 'x'.repeat(TEXT_MAX.filter + 1) },
        `Tags: At most ${TEXT_MAX.filter} characters`,
      ],
    ];
    for (const [path, body, msg] of cases) {
      expect(await t.call(path, body, headers), path).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg });
    }
    const signUp = await t.call('/p/v1/signUp', {
      mchName: 'M'.repeat(TEXT_MAX.longName + 1),
      phone: '13900000032',
      password: 'secret123',
      business: 'vm',
      sign: 'x',
      code: '123456',
    });
    expect(signUp).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: `Merchant name: At most ${TEXT_MAX.longName} characters`,
    });
  });

  it('refuses a page past the last one a database can seek to, naming pageNum (found by the contract fuzzer)', async () => {
    const headers = sessionHeaders(owner);
    const past = await t.call('/api/v1/u/getStore', { pageNum: PAGE_NUM_MAX + 1, pageSize: 999999 }, headers);
    expect(past).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM, msg: 'pageNum: Invalid value' });
    const text = await t.call('/api/v1/u/getNotifyList', { pageNum: '9007199254740991' }, headers);
    expect(text.rcode).toBe(RCODE.INVALID_PARAM);
    const deliveries = await t.call(
      '/api/v1/b/getWebhookDeliveries',
      { id: 1, pageNum: PAGE_NUM_MAX + 1 },
      headers,
    );
    expect(deliveries).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'pageNum: Invalid value' });
    const last = await t.call('/api/v1/u/getStore', { pageNum: PAGE_NUM_MAX, pageSize: 999999 }, headers);
    expect(last).toMatchObject({ rcode: 0, result: { data: [] } });
  });

  it('refuses a statistics range or a bill list’s time past year 9999, naming the field (found by the contract fuzzer)', async () => {
    const headers = sessionHeaders(owner);
    const end = await t.call('/api/v1/a/o/hoursOrder', { condition: { end_time: 2 ** 53 - 1 } }, headers);
    expect(end).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM });
    expect(end.msg).toMatch(/^End time: /);
    const start = await t.call(
      '/api/v1/a/goodsDay',
      { condition: { start_time: '9007199254740991' } },
      headers,
    );
    expect(start).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM });
    expect(start.msg).toMatch(/^Start time: /);
    const bills = await t.call('/api/v1/b/getPayBill', { condition: { end_time: 2 ** 53 - 1 } }, headers);
    expect(bills).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM });
    expect(bills.msg).toMatch(/^End time: /);
  });

  it('refuses a shelf number past the largest, naming it, before PostgreSQL meets it (found by the contract fuzzer)', async () => {
    const headers = sessionHeaders(owner);
    const [device] = await t.services.devices.provision(1, 'vm');
    const bound = await t.call(
      '/api/v1/d/bind',
      { clientid: device!.clientid, sign: device!.sign, title: 'Fuzz', type: 'vm' },
      headers,
    );
    expect(bound.rcode).toBe(0);
    const sn = device!.sn;
    const answers = [
      await t.call('/api/v1/d/testOut', { sn, road: 2 ** 31 }, headers),
      await t.call('/api/v1/c/putDownGoods', { sn, channel_sn: [1, 2 ** 53 - 1] }, headers),
      await t.call('/api/v1/d/remoteOuting', { sn, goods: [{ channel_sn: 10_000, quantity: 1 }] }, headers),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM });
    expect(answers[0]!.msg).toBe('Shelf number: Please enter a valid number');
  });

  it('says what type was expected, and keeps "cannot be empty" for a missing or null field', async () => {
    const headers = sessionHeaders(owner);
    const attach = await t.call('/api/v1/d/testOut', { sn: '123', road: 1, attach: 1 }, headers);
    expect(attach).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Test options: Expected an object' });
    const zhAttach = await t.call(
      '/api/v1/d/testOut',
      { sn: '123', road: 1, attach: 1 },
      { ...headers, lang: 'zh-CN' },
    );
    expect(zhAttach.msg).toBe('测试参数：应为一组字段');
    const text = await t.call('/p/v1/checkAccount', { phone: 13900000000 });
    expect(text).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Phone: Expected text' });
    const number = await t.call('/api/v1/d/testOut', { sn: '123', road: 'one' }, headers);
    expect(number.msg).toBe('Shelf number: Expected a number');
    const list = await t.call('/api/v1/c/resetId', { sn: '123', channel: 'all' }, headers);
    expect(list.msg).toBe('Shelf numbers: Expected a list');
    const missing = await t.call('/p/v1/checkAccount', {});
    expect(missing).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Phone: Cannot be empty' });
    const nothing = await t.call('/p/v1/checkAccount', { phone: null });
    expect(nothing.msg).toBe('Phone: Cannot be empty');
    const zhType = await t.call('/p/v1/checkAccount', { phone: 1 }, { lang: 'zh-TW' });
    expect(zhType.msg).toBe('手機號：應為文字');
  });
});
