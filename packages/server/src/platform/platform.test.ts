import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';

describe.each(dialects())('the HTTP platform on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers health with the database dialect', async () => {
    const answer = await t.call('/p/v1/health');
    expect(answer).toMatchObject({ status: 200, rcode: 0, result: { status: 'ok', db: dialect } });
  });

  it('answers msg in the language of the lang header, then Accept-Language, default zh-CN', async () => {
    const body = { username: '13900000000', password: 'whatever' };
    expect((await t.call('/p/v1/login', body, { lang: 'zh-CN' })).msg).toBe('用户名或密码错误');
    expect((await t.call('/p/v1/login', body, { lang: 'zh-TW' })).msg).toBe('使用者名稱或密碼錯誤');
    expect((await t.call('/p/v1/login', body, { lang: 'en-US' })).msg).toBe('Username or password wrong');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW,zh;q=0.9' },
      payload: JSON.stringify(body),
    });
    expect(accept.json()).toMatchObject({ rcode: 102, msg: '使用者名稱或密碼錯誤' });
    const none = await t.app.inject({ method: 'POST', url: '/p/v1/login', payload: body });
    expect(none.json()).toMatchObject({ rcode: 102, msg: '用户名或密码错误' });
  });

  it('answers malformed JSON with a clear rcode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'application/json', lang: 'en-US' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ rcode: RCODE.MALFORMED_REQUEST, result: null });
  });

  it('answers a wrong content type and an oversized body', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'text/plain', lang: 'en-US' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      rcode: RCODE.UNSUPPORTED_MEDIA_TYPE,
      msg: 'Unsupported content type',
    });
    const big = await t.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'application/json', lang: 'en-US' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ rcode: RCODE.BODY_TOO_LARGE });
  });

  it('answers a body of the wrong shape by naming the field', async () => {
    const answer = await t.call('/p/v1/login', ['not', 'an', 'object']);
    expect(answer.rcode).toBe(RCODE.INVALID_PARAM);
    const wrongType = await t.call('/p/v1/checkAccount', { phone: 13900000000 });
    expect(wrongType.rcode).toBe(RCODE.INVALID_PARAM);
    expect(wrongType.msg).toMatch(/^Phone: /);
  });

  it('answers an unknown call with 404 in the envelope', async () => {
    const answer = await t.call('/api/v1/nothing/here', {});
    expect(answer).toMatchObject({ status: 404, rcode: RCODE.NOT_FOUND, msg: 'No such call' });
  });

  it('tells the web app whether the browser gate is on and which integrations are sandboxes', async () => {
    const answer = await t.call('/p/v1/getAppConfig', {});
    expect(answer.result).toMatchObject({
      mode: 'test',
      browserGate: true,
      sandbox: { sms: true },
      agent: { id: '888888' },
    });
    const demo = await createTestApp(dialect, { VENDO_MODE: 'demo' });
    try {
      expect((await demo.call('/p/v1/getAppConfig', {})).result).toMatchObject({
        mode: 'demo',
        browserGate: false,
      });
    } finally {
      await demo.close();
    }
  });

  it('hides internals of an unexpected fault', async () => {
    await t.db.kysely.schema.dropTable('sms_codes').execute();
    const fault = await t.call('/p/v1/checkAccount', { phone: '13900000001' });
    expect(fault.status).toBe(500);
    expect(fault.rcode).toBe(RCODE.INTERNAL);
    expect(fault.msg).toBe('Server busy, please try again later');
    expect(JSON.stringify(fault)).not.toContain('sms_codes');
  });
});
