import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@vendo/contract/enums';
import type { EventPayload, WebhookDelivery, WebhookEndpoint } from '@vendo/contract/api/webhooks';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { recordEvent } from '../events/event-outbox';
import { checkEndpointUrl, isPrivateAddress } from './url-guard';
import { FIRST_RETRY_MS, RETRY_FOR_MS } from './webhook-sender';
import { startReceiver, verifySignature } from './webhooks-testing';

/**
 * Webhooks and the event stream (docs/webhooks.md): the stream by cursor, endpoints and their rules, signed
 * deliveries to a local receiver checked by an independent implementation, retries with backoff on the test
 * clock, giving up after 24 hours, replay and test sends.
 */
describe.each(dialects())('webhooks on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900002002');
  });
  afterEach(async () => {
    await receiver?.close();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) =>
    t.call(`/api/v1/b/${path}`, body, caller.headers);
  /** An event as an action would write it (the actions themselves are proven in events.test.ts). */
  const happen = (
    type: 'order.paid' | 'machine.offline' | 'settlement.succeeded',
    storeId: number | null = null,
  ) =>
    t.db.kysely.transaction().execute((trx) =>
      type === 'order.paid'
        ? recordEvent(trx, {
            merchantId: owner.merchantId,
            type,
            storeId,
            data: { order_no: 'N1', sn: '1', store_id: storeId, amount: 300, client: 'wechat', paid_at: 1 },
            at: t.clock.now,
          })
        : type === 'machine.offline'
          ? recordEvent(trx, {
              merchantId: owner.merchantId,
              type,
              storeId,
              data: { sn: '1', title: 'M', store_id: storeId, at: 1 },
              at: t.clock.now,
            })
          : recordEvent(trx, {
              merchantId: owner.merchantId,
              type,
              storeId: null,
              data: {
                settlement_id: 1,
                settle_date: '2026-11-22',
                settle_amt: 1,
                acct_no_mask: '**45',
                attempt: 1,
              },
              at: t.clock.now,
            }),
    );
  const run = async () => {
    await t.services.webhooks.sender.fanOut();
    await t.services.webhooks.sender.dispatch();
  };
  async function endpoint(events: string[], url = receiver.url) {
    return ok<{ endpoint: WebhookEndpoint; secret: string }>(await call('addWebhook', { url, events }));
  }
  const deliveries = async (id: number) =>
    ok<{ data: WebhookDelivery[] }>(await call('getWebhookDeliveries', { id })).data;

  it('reads the stream by cursor, in pages, filtered by the reader’s permissions', async () => {
    for (let i = 0; i < 5; i++) await happen(i % 2 ? 'machine.offline' : 'order.paid');
    const first = ok<{ events: EventPayload[]; next_cursor: number; has_more: boolean }>(
      await call('getEvents', { cursor: 0, limit: 2 }),
    );
    expect(first.events.map((e) => e.cursor)).toEqual([1, 2]);
    expect(first).toMatchObject({ next_cursor: 2, has_more: true });
    expect(first.events[0]).toMatchObject({
      type: 'order.paid',
      version: 1,
      merchant_id: owner.merchantId,
      data: { order_no: 'N1', amount: 300 },
    });
    expect(first.events[0]!.id).toMatch(/^evt_\d+$/);
    const rest = ok<{ events: EventPayload[]; next_cursor: number; has_more: boolean }>(
      await call('getEvents', { cursor: first.next_cursor, limit: 10 }),
    );
    expect(rest.events.map((e) => e.cursor)).toEqual([3, 4, 5]);
    expect(rest).toMatchObject({ next_cursor: 5, has_more: false });
    // Caught up: nothing more, the cursor stays.
    expect(ok(await call('getEvents', { cursor: 5 }))).toEqual({
      events: [],
      next_cursor: 5,
      has_more: false,
    });
    // Staff holding the bills' permission but not the machines' read the orders only, and move past the rest.
    const staff = await staffAccount(t, owner, { account: 'reader', perms: [PERMISSIONS.BuyBill] });
    const read = ok<{ events: EventPayload[]; next_cursor: number }>(await call('getEvents', {}, staff));
    expect(read.events.map((e) => e.type)).toEqual(['order.paid', 'order.paid', 'order.paid']);
    expect(read.next_cursor).toBe(5);
    expect(await call('getEvents', { limit: 201 })).toMatchObject({ rcode: RCODE.INVALID_PARAM });
  });

  it('delivers signed events to the endpoint; the receiver’s own check accepts them', async () => {
    receiver = await startReceiver();
    const made = await endpoint(['order.paid', 'settlement.succeeded']);
    expect(made.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(made.endpoint).toMatchObject({
      url: receiver.url,
      enabled: 1,
      secret_hint: made.secret.slice(-4),
    });
    // Shown once: the list has the hint only.
    expect(JSON.stringify(ok(await call('getWebhooks', {})))).not.toContain(made.secret);
    await happen('order.paid');
    await happen('machine.offline'); // not chosen
    await happen('settlement.succeeded');
    await run();
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      expect(verifySignature(r.headers['vendo-signature'] as string, r.body, made.secret, t.clock.now)).toBe(
        true,
      );
      // Not with another secret, another body, or five minutes later.
      expect(verifySignature(r.headers['vendo-signature'] as string, r.body, 'whsec_x', t.clock.now)).toBe(
        false,
      );
      expect(
        verifySignature(r.headers['vendo-signature'] as string, `${r.body} `, made.secret, t.clock.now),
      ).toBe(false);
      expect(
        verifySignature(r.headers['vendo-signature'] as string, r.body, made.secret, t.clock.now + 301_000),
      ).toBe(false);
    }
    // Sent side by side in one round: in cursor order once sorted.
    const bodies = receiver.received
      .map((r) => JSON.parse(r.body) as EventPayload)
      .sort((a, b) => a.cursor - b.cursor);
    expect(bodies.map((b) => [b.type, b.cursor])).toEqual([
      ['order.paid', 1],
      ['settlement.succeeded', 3],
    ]);
    const list = await deliveries(made.endpoint.id);
    expect(list.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(list[0]!.attempts).toMatchObject([{ status_code: 200, error: '' }]);
    // Run again: nothing is sent twice.
    await run();
    expect(receiver.received).toHaveLength(2);
  });

  it('retries a failing receiver with backoff, then succeeds; replays and test sends by hand', async () => {
    receiver = await startReceiver([500, 503]);
    const made = await endpoint(['order.paid']);
    await happen('order.paid');
    await run();
    let [d] = await deliveries(made.endpoint.id);
    expect(d).toMatchObject({ status: 'pending', next_at: t.clock.now + FIRST_RETRY_MS });
    await run(); // not due yet
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(FIRST_RETRY_MS);
    await run();
    [d] = await deliveries(made.endpoint.id);
    expect(d).toMatchObject({ status: 'pending', next_at: t.clock.now + 2 * FIRST_RETRY_MS });
    t.clock.advance(2 * FIRST_RETRY_MS);
    await run();
    [d] = await deliveries(made.endpoint.id);
    expect(d!.status).toBe('succeeded');
    expect(d!.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [500, 'HTTP 500'],
      [503, 'HTTP 503'],
      [200, ''],
    ]);
    // The same event id each time: the receiver dedupes by it.
    expect(new Set(receiver.received.map((r) => (JSON.parse(r.body) as EventPayload).id)).size).toBe(1);

    const replayed = ok<{ delivery: WebhookDelivery }>(
      await call('replayWebhookDelivery', { delivery_id: d!.id }),
    );
    expect(replayed.delivery).toMatchObject({ status: 'pending', manual: 1, event_id: d!.event_id });
    const tested = ok<{ delivery: WebhookDelivery }>(await call('testWebhook', { id: made.endpoint.id }));
    expect(tested.delivery).toMatchObject({ event_type: 'webhook.test', manual: 1 });
    await run();
    // Both sent in one round, side by side: they arrive in either order.
    const later = receiver.received.slice(3);
    const byType = (type: string) => later.find((r) => (JSON.parse(r.body) as EventPayload).type === type);
    expect(later).toHaveLength(2);
    expect(byType('order.paid')?.body).toBe(receiver.received[0]!.body);
    expect(JSON.parse(byType('webhook.test')?.body ?? '{}')).toMatchObject({
      type: 'webhook.test',
      version: 1,
    });
  });

  it('gives up after 24 hours of failures; a refused connection is an attempt with its error', async () => {
    receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close();
    const made = await endpoint(['order.paid'], url);
    await happen('order.paid');
    let guard = 0;
    for (;;) {
      await run();
      const [d] = await deliveries(made.endpoint.id);
      if (d!.status !== 'pending' || guard++ > 40) break;
      t.clock.now = d!.next_at!;
    }
    const [d] = await deliveries(made.endpoint.id);
    expect(d!.status).toBe('failed');
    expect(d!.attempts[0]).toMatchObject({ status_code: 0 });
    expect(d!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    const last = d!.attempts[d!.attempts.length - 1]!;
    expect(last.at - d!.created_at).toBeLessThanOrEqual(RETRY_FOR_MS);
    expect(d!.attempts.length).toBeGreaterThan(10);
    expect(ok<{ data: WebhookEndpoint[] }>(await call('getWebhooks', {})).data[0]).toMatchObject({
      failed: 1,
    });
  });

  it('endpoints: rules, the limit, rotation, edits and removal', async () => {
    receiver = await startReceiver();
    expect(await call('addWebhook', { url: 'ftp://example.com/x', events: ['order.paid'] })).toMatchObject({
      rcode: RCODE.WEBHOOK_URL_INVALID,
      msg: 'The URL must be a proper address starting with http:// or https://',
    });
    expect(await call('addWebhook', { url: receiver.url, events: [] })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Events: Cannot be empty',
    });
    expect(await call('addWebhook', { url: receiver.url, events: ['order.eaten'] })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
    });
    const made = await endpoint(['order.paid']);
    const rotated = ok<{ secret: string }>(await call('rotateWebhookSecret', { id: made.endpoint.id }));
    expect(rotated.secret).not.toBe(made.secret);
    const edited = ok<{ endpoint: WebhookEndpoint }>(
      await call('editWebhook', {
        id: made.endpoint.id,
        url: receiver.url,
        events: ['stock.low'],
        enabled: 0,
      }),
    );
    expect(edited.endpoint).toMatchObject({
      events: ['stock.low'],
      enabled: 0,
      secret_hint: rotated.secret.slice(-4),
    });
    for (let i = 1; i < 10; i++) await endpoint(['order.paid']);
    expect(await call('addWebhook', { url: receiver.url, events: ['order.paid'] })).toMatchObject({
      rcode: RCODE.WEBHOOK_LIMIT,
    });
    ok(await call('delWebhook', { id: made.endpoint.id }));
    expect(await call('delWebhook', { id: made.endpoint.id })).toMatchObject({
      rcode: RCODE.WEBHOOK_NOT_FOUND,
    });
    ok(await call('addWebhook', { url: receiver.url, events: ['order.paid'] }));
    // Another merchant sees none of them.
    const other = await mainAccount(t, '13900002003');
    expect(ok<{ data: unknown[] }>(await call('getWebhooks', {}, other)).data).toEqual([]);
    expect(await call('getWebhookDeliveries', { id: made.endpoint.id + 1 }, other)).toMatchObject({
      rcode: RCODE.WEBHOOK_NOT_FOUND,
    });
  });
});

describe('webhook URLs in production (SSRF)', () => {
  it('https only, never a private, loopback or link-local address', () => {
    expect(checkEndpointUrl('https://hooks.example.com/vendo', 'production')).toBe(
      'https://hooks.example.com/vendo',
    );
    const refused = (url: string) => {
      try {
        checkEndpointUrl(url, 'production');
        return 0;
      } catch (error) {
        return (error as { rcode: number }).rcode;
      }
    };
    expect(refused('http://hooks.example.com/')).toBe(RCODE.WEBHOOK_URL_HTTPS_REQUIRED);
    expect(refused('javascript:alert(1)')).toBe(RCODE.WEBHOOK_URL_INVALID);
    expect(refused('https://user:pw@example.com/')).toBe(RCODE.WEBHOOK_URL_INVALID);
    for (const url of [
      'https://127.0.0.1/',
      'https://localhost/',
      'https://10.1.2.3/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fd00::1]/',
    ]) {
      expect(refused(url), url).toBe(RCODE.WEBHOOK_URL_PRIVATE);
    }
    expect(checkEndpointUrl('http://127.0.0.1:8080/x', 'test')).toBe('http://127.0.0.1:8080/x');
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
  });
});
