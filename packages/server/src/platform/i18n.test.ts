import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { fieldMessage, localeOf } from './i18n';

const MALFORMED = ['%', '%E0%A4%A', '%ZZ', `${'%'.repeat(8_000)}`, `en-US${'x'.repeat(8_000)}`];

describe('the caller’s language', () => {
  it.each(MALFORMED)('passes over a malformed or oversized lang cookie (%#)', (value) => {
    expect(localeOf({ cookie: `lang=${value}` })).toBe('zh-CN');
    expect(localeOf({ cookie: `a=1; lang=${value}; b=2`, 'accept-language': 'en-GB,en;q=0.9' })).toBe(
      'en-US',
    );
  });

  it('reads an escaped cookie, an empty one and a long header without throwing', () => {
    expect(localeOf({ cookie: 'lang=zh%2DTW' })).toBe('zh-TW');
    expect(localeOf({ cookie: 'lang=' })).toBe('zh-CN');
    expect(localeOf({ lang: 'x'.repeat(100_000), 'accept-language': 'zh-TW' })).toBe('zh-TW');
    expect(localeOf({ 'accept-language': `${'%'.repeat(100_000)}` })).toBe('zh-CN');
  });
});

describe('a validation message', () => {
  it('names its field unless the text holds the label as a word of its own', () => {
    // Found by the contract fuzzer: "ID" inside "Invalid" left the field unnamed.
    expect(fieldMessage('_id', 'invalidValue', 'en-US', '/api/v1/u/delArea')).toBe('ID: Invalid value');
    expect(fieldMessage('phone', 'phone', 'en-US')).toBe('Please enter a mainland China phone number');
    expect(fieldMessage('phone', 'phone', 'zh-CN')).toBe('请输入中国大陆手机号');
  });
});

describe.each(dialects())('calls with a malformed lang cookie on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it.each(MALFORMED)('answer in the envelope, in the fallback language (%#)', async (value) => {
    const health = await t.app.inject({
      method: 'POST',
      url: '/p/v1/health',
      headers: { 'content-type': 'application/json', cookie: `lang=${value}` },
      payload: '{}',
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ rcode: 0, result: { status: 'ok' } });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'application/json', cookie: `lang=${value}`, 'accept-language': 'en' },
      payload: JSON.stringify({ username: '13900000000', password: 'whatever' }),
    });
    expect(refused.json()).toEqual({
      rcode: RCODE.WRONG_CREDENTIALS,
      msg: 'Username or password wrong',
      result: null,
    });
  });
});
