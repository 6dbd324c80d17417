import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';

/**
 * Walks every registered call: anonymous callers and callers with a dead session get 604 from every
 * session call, and no public call needs a session. Staff and store-scope rows join as those features land.
 */
describe.each(dialects())('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a sensible number of calls, each once', () => {
    const paths = t.calls.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThan(15);
  });

  it('answers 604 to an anonymous caller on every session call', async () => {
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const answer = await t.call(call.path, {});
      expect(answer.rcode, call.path).toBe(RCODE.SESSION_EXPIRED);
    }
  });

  it('answers 604 to a logged-out caller on every session call', async () => {
    const user = await signUpMerchant(t, '13900000099');
    await t.call('/api/v1/u/logout', {}, sessionHeaders(user));
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const answer = await t.call(call.path, {}, sessionHeaders(user));
      expect(answer.rcode, call.path).toBe(RCODE.SESSION_EXPIRED);
    }
  });

  it('keeps public calls under /p/ and session calls under /api/', () => {
    for (const call of t.calls) {
      expect(call.path.startsWith(call.auth === 'public' ? '/p/' : '/api/'), call.path).toBe(true);
    }
  });
});
