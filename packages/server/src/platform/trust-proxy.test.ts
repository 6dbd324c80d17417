import { afterEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { ConfigError, loadConfig, parseTrustProxy } from '../config';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, in every mode', () => {
    for (const mode of ['demo', 'test', 'production']) {
      expect(loadConfig({ VENDO_MODE: mode }).trustProxy).toBe(false);
    }
  });

  it('takes the proxies as addresses, CIDRs and the names Fastify knows', () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,uniquelocal')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'uniquelocal',
    ]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
  });

  it('refuses trusting everyone, hop counts and what is not an address', () => {
    for (const value of ['true', '1', '2', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is not an address/);
  });
});

describe.each(dialects())('the caller’s address behind X-Forwarded-For (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A wrong login from `peer` claiming to come from `forwarded`, to a different account each time. */
  const wrongLogin = async (app: TestApp, i: number, peer: string, forwarded: string) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      remoteAddress: peer,
      headers: { 'content-type': 'application/json', lang: 'en-US', 'x-forwarded-for': forwarded },
      payload: JSON.stringify({ username: `1370001${String(1000 + i)}`, password: 'bad-guess' }),
    });
    return response.json<{ rcode: number }>().rcode;
  };

  // Demo mode is where anyone was believed (issue 12); the configuration test shows every mode reads TRUST_PROXY.
  it('ignores X-Forwarded-For from a peer not named: the per-address login limit counts the peer', async () => {
    t = await createTestApp(dialect, { VENDO_MODE: 'demo', TRUST_PROXY: '' });
    // Each attempt claims another address; all of them are the one peer, which the per-address limit stops.
    let attempts = 0;
    while (
      (await wrongLogin(t, attempts, '203.0.113.7', `198.51.100.${attempts % 250}`)) !==
      RCODE.TOO_MANY_ATTEMPTS
    ) {
      attempts += 1;
      expect(attempts, 'the per-address limit never stopped the peer').toBeLessThan(500);
    }
    expect(attempts).toBeGreaterThan(0);
    // Another peer is not the one that failed.
    expect(await wrongLogin(t, 0, '203.0.113.8', '198.51.100.1')).toBe(RCODE.WRONG_CREDENTIALS);

    // Believing a proxy that is named: the same attempts come from as many addresses, none of them limited.
    await t.close();
    t = await createTestApp(dialect, { VENDO_MODE: 'demo', TRUST_PROXY: '203.0.113.7' });
    for (let i = 0; i <= attempts; i++) {
      expect(await wrongLogin(t, i, '203.0.113.7', `198.51.100.${i % 250}`)).toBe(RCODE.WRONG_CREDENTIALS);
    }
  });
});
