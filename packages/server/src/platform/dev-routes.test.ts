import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_OAUTH_AUTHORIZE_PATH } from '@vendo/contract/api/passport';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { mainAccount } from '../modules/catalog/catalog-testing';
import { DevRoutes, type DevRoute } from './dev-routes';

/** Production on the sandbox providers, as ALLOW_SANDBOX_IN_PRODUCTION lets it start. */
const SANDBOXED_PRODUCTION = { VENDO_MODE: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'yes-i-know' };

/** A concrete URL for a declared route (its parameters filled in). */
const concrete = (route: DevRoute) => route.url.replace(':tx', '42SANDBOXTX0001');

async function hit(t: TestApp, route: DevRoute, body: unknown = {}) {
  return t.app.inject({
    method: route.method,
    url: concrete(route),
    headers: { 'content-type': 'application/json', lang: 'en-US' },
    ...(route.method === 'POST' ? { payload: JSON.stringify(body) } : {}),
  });
}

/**
 * What each dev route does in test mode, shown by using it. A dev route without a probe here fails the suite, so
 * a new one gets its production 404 checked too.
 */
const PROBES: Array<{ url: RegExp; works: (t: TestApp, route: DevRoute) => Promise<void> }> = [
  {
    url: /^\/p\/v1\/dev\/smsOutbox$/,
    async works(t, route) {
      expect((await t.call('/p/v1/checkAccount', { phone: '13900000031' })).rcode).toBe(0);
      const answer = (await hit(t, route, { phone: '13900000031' })).json<{
        rcode: number;
        result: unknown;
      }>();
      expect(answer.rcode).toBe(0);
      expect(answer.result).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
    },
  },
  {
    url: /^\/p\/v1\/dev\/templateOutbox$/,
    async works(t, route) {
      const answer = (await hit(t, route)).json<{ rcode: number; result: unknown }>();
      expect(answer).toMatchObject({ rcode: 0, result: { count: 0, data: [] } });
    },
  },
  {
    url: new RegExp(`^${SANDBOX_OAUTH_AUTHORIZE_PATH}$`),
    async works(t) {
      const query = new URLSearchParams({
        appid: 'wx00000000sandbox',
        redirect_uri: 'http://localhost:80/p/v1/wxoauth/callback',
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state: 'probe',
      });
      const answer = await t.app.inject({ method: 'GET', url: `${SANDBOX_OAUTH_AUTHORIZE_PATH}?${query}` });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toMatch(
        /^http:\/\/localhost(:80)?\/p\/v1\/wxoauth\/callback\?code=\w+/,
      );
    },
  },
  {
    url: /^\/api\/v1\/dev\/sandboxMediaUpload$/,
    async works(t, route) {
      // A session call: without one it answers 604, which only a registered call does.
      expect((await hit(t, route)).json<{ rcode: number }>().rcode).toBe(RCODE.SESSION_EXPIRED);
    },
  },
  {
    url: /^\/p\/v1\/sandboxPay\/(getCheckout|pay)$/,
    async works(t, route) {
      const sandbox = t.services.providers.sandboxes.payments!;
      sandbox.behaviour = { ...sandbox.behaviour, autoNotify: false };
      const created = await sandbox.createPayment({
        channel: 'wechat',
        outTradeNo: `probe${route.url.length}`,
        amount: 300,
        description: 'probe',
        returnUrl: '/buy/1',
      });
      const body = route.url.endsWith('/pay')
        ? { tx: created.transactionId, action: 'pay' }
        : { tx: created.transactionId };
      const answer = (await hit(t, route, body)).json<{ rcode: number; result: unknown }>();
      expect(answer.rcode).toBe(0);
      const state = route.url.endsWith('/pay') ? 'paid' : 'pending';
      expect(answer.result).toMatchObject({ tx: created.transactionId, amount: 300, state });
    },
  },
  {
    url: /^\/p\/v1\/dev\/settleNow$/,
    async works(t, route) {
      // A merchant without money: today's run makes no record (funds.test.ts settles one with money).
      const owner = await mainAccount(t, '13900000032');
      const unknown = (await hit(t, route, { merchant: '13900000099' })).json<{ rcode: number }>();
      expect(unknown.rcode).toBe(RCODE.PHONE_NOT_REGISTERED);
      const answer = (await hit(t, route, { merchant: '13900000032' })).json<{
        rcode: number;
        result: unknown;
      }>();
      expect(answer).toMatchObject({ rcode: 0, result: { merchant_id: owner.merchantId, settlements: 0 } });
    },
  },
  {
    url: /^\/sandbox-pay\/:tx$/,
    async works(t, route) {
      // The customer page's HTML (its script shows the cashier); the tests run without a built web app.
      const answer = await hit(t, route);
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toBe('The customer page is not built: npm run build');
    },
  },
];

describe.each(dialects())('dev routes (%s)', (dialect) => {
  let test: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
    production = await createTestApp(dialect, SANDBOXED_PRODUCTION);
  });
  afterAll(async () => {
    await test.close();
    await production.close();
  });

  it('declares the same dev routes in every mode, all of the sandboxes', () => {
    expect(production.dev.all).toEqual(test.dev.all);
    const urls = test.dev.all.map((r) => r.url);
    for (const known of [
      '/p/v1/dev/smsOutbox',
      '/p/v1/dev/templateOutbox',
      '/p/v1/dev/settleNow',
      SANDBOX_OAUTH_AUTHORIZE_PATH,
      '/api/v1/dev/sandboxMediaUpload',
      '/p/v1/sandboxPay/getCheckout',
      '/p/v1/sandboxPay/pay',
      '/sandbox-pay/:tx',
    ]) {
      expect(urls).toContain(known);
    }
  });

  it('registers every dev route in test mode, where each works', async () => {
    for (const route of test.dev.all) {
      expect(test.app.hasRoute({ method: route.method, url: route.url }), route.url).toBe(true);
      const probes = PROBES.filter((p) => p.url.test(route.url));
      expect(probes, `a probe for ${route.url}`).toHaveLength(1);
      await probes[0]!.works(test, route);
    }
  });

  it('answers 404 in production for every dev route, like an unknown call', async () => {
    expect(production.dev.enabled).toBe(false);
    for (const route of production.dev.all) {
      expect(production.app.hasRoute({ method: route.method, url: route.url }), route.url).toBe(false);
      const answer = await hit(production, route, { phone: '13900000031', tx: '42SANDBOXTX0001' });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(answer.json<{ rcode: number; msg: string }>()).toMatchObject({
        rcode: RCODE.NOT_FOUND,
        msg: 'No such call',
      });
    }
  });
});

describe('DevRoutes', () => {
  it('registers a declared route only when dev routes are on', async () => {
    for (const enabled of [true, false]) {
      const app = Fastify();
      const dev = new DevRoutes(enabled);
      dev.guard(app);
      dev.add('GET', '/p/v1/dev/probe', () => app.get('/p/v1/dev/probe', async () => 'ok'));
      await app.ready();
      expect(dev.all).toEqual([{ method: 'GET', url: '/p/v1/dev/probe' }]);
      expect((await app.inject({ method: 'GET', url: '/p/v1/dev/probe' })).statusCode).toBe(
        enabled ? 200 : 404,
      );
      await app.close();
    }
  });

  it('refuses a route that reads like a dev route but was not declared', async () => {
    const app = Fastify();
    new DevRoutes(true).guard(app);
    expect(() => app.get('/p/v1/dev/forgotten', async () => 'ok')).toThrow(
      /register it through DevRoutes.add/,
    );
    expect(() => app.post('/p/v1/sandboxRefund', async () => 'ok')).toThrow(/DevRoutes/);
    expect(() => app.get('/p/v1/devices', async () => 'ok')).not.toThrow();
    // The web app's own files may say sandbox: its sandbox JS-SDK's script.
    expect(() => app.get('/assets/sandbox-scan-CYzUgb_e.js.gz', async () => 'ok')).not.toThrow();
    await app.close();
  });

  it('is on in demo and test mode only', () => {
    expect([
      DevRoutes.forMode('demo'),
      DevRoutes.forMode('test'),
      DevRoutes.forMode('production'),
    ]).toMatchObject([{ enabled: true }, { enabled: true }, { enabled: false }]);
  });
});
