import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { mainAccount, type Caller } from '../modules/catalog/catalog-testing';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from './body-limits';

/** Body size limits per route (decision 042): a small default for JSON calls, more where a call needs it. */
describe.each(dialects())('body limits (%s)', (dialect) => {
  let t: TestApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900000881');
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
      payload: JSON.stringify(body),
    });

  const goodsCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('goods')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a JSON body past 64 KiB with 413 BODY_TOO_LARGE, changing nothing', async () => {
    const before = await goodsCount();
    const store = await post(
      '/api/v1/g/addStore',
      { name: 'Big', address: 'x'.repeat(JSON_BODY_LIMIT) },
      owner.headers,
    );
    expect(store.statusCode).toBe(413);
    expect(store.json()).toEqual({
      rcode: RCODE.BODY_TOO_LARGE,
      msg: expect.stringMatching(/too large/i),
      result: null,
    });
    // Just under the limit is read (and refused by the call's own rules, not by its size).
    const under = await post('/p/v1/login', { username: 'u', password: 'p'.repeat(JSON_BODY_LIMIT - 100) });
    expect(under.statusCode).toBe(200);
    expect(under.json<{ rcode: number }>().rcode).toBe(RCODE.INVALID_PARAM);
    expect(await goodsCount()).toBe(before);
  });

  it('gives a goods item its larger limit: a full detail text of escaped characters fits', async () => {
    expect(LARGER_BODY_LIMITS['/api/v1/g/addPrivate']).toBeGreaterThan(JSON_BODY_LIMIT);
    const before = await goodsCount();
    // 5,000 characters written as \uXXXX escapes (30 KB) beside 20 KB of padding an old client might send.
    const intro = '说'.repeat(5000);
    const payload = JSON.stringify({ goods_name: 'Tea', price: '3.50', detail_intro: intro }).replace(
      /说/g,
      '\\u8bf4',
    );
    const body = payload.slice(0, -1) + `,"description":"${' '.repeat(60_000)}"}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(JSON_BODY_LIMIT);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/g/addPrivate',
      headers: { 'content-type': 'application/json', lang: 'en-US', ...owner.headers },
      payload: body,
    });
    // Read (not 413); the padding is then the call's own refusal by its field.
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ rcode: number; msg: string }>()).toMatchObject({ rcode: RCODE.INVALID_PARAM });
    expect(await goodsCount()).toBe(before);
    // And past the larger limit it is refused too.
    const huge = await post('/api/v1/g/addPrivate', { goods_name: 'x'.repeat(200 * 1024) }, owner.headers);
    expect(huge.statusCode).toBe(413);
  });
});
