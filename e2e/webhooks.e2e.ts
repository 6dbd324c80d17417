import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webhooks from '../packages/web/src/i18n/resources/webhooks';
import { logInPage, merchantApi, openPath, stillSnap } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { deliveredSale } from './support/sales';
import { startServer, type RunningServer } from './support/server';

/*
 * Webhooks (issue 20) on a phone: the demo merchant adds an endpoint on /webhooks (a receiver this test runs), copies
 * the secret shown once, sends a test and sees it delivered with its attempt; a real sale on a demo machine arrives
 * as order.paid, signed with that secret (checked here by hand, as docs/webhooks.md tells a receiver to).
 */

const w = webhooks['en-US'];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: http.Server;
const received: Array<{ signature: string; body: string }> = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({
        signature: String(request.headers['vendo-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startServer({ MQTT_PORT: '0' });
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The receiver's own check: HMAC-SHA256 of "<t>.<body>" with the secret, t within 5 minutes. */
function signedWith(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const t = Number(parts['t']);
  if (Math.abs(Date.now() / 1000 - t) > 300) return false;
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === parts['v1'];
}

describe('webhooks', () => {
  it(
    'adds an endpoint, shows the secret once, test-sends, delivers a sale',
    { timeout: 150_000 },
    async () => {
      const { port } = receiver.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/vendo`;
      await logInPage(page, server);
      await openPath(page, server, '/webhooks');
      await page.getByRole('button', { name: w.list.add }).first().click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: w.form.addTitle }) });
      await form.waitFor();
      await form.getByLabel(/^URL/).fill(url);
      await form.getByLabel(/^URL/).blur();
      await stillSnap(page, 'webhooks-form');
      const found = await seriousViolations(page, 'webhook form');
      await form.getByRole('button', { name: 'Save' }).click();

      // The secret, once.
      await page.getByRole('heading', { name: w.secret.title }).waitFor();
      const secret = (await page.locator('.webhook-secret code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      await stillSnap(page, 'webhooks-secret');
      await page.getByRole('button', { name: w.secret.done }).click();
      const card = page.getByRole('listitem', { name: url });
      await card.waitFor();
      await card.getByText(`whsec_…${secret.slice(-4)}`).waitFor();
      await expect.poll(async () => (await page.content()).includes(secret)).toBe(false);
      await stillSnap(page, 'webhooks-list');
      found.push(...(await seriousViolations(page, 'webhook list')));

      // A test send: delivered within the sending job's few seconds, with its attempt on the screen.
      await card.getByRole('button', { name: w.list.test }).click();
      // Found by its type: the demo's customers keep buying, and their order.paid events arrive too.
      const isTest = (r: { body: string }) => r.body.includes('"webhook.test"');
      await expect.poll(() => received.filter(isTest).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const test = received.find(isTest)!;
      expect(JSON.parse(test.body)).toMatchObject({ type: 'webhook.test', version: 1 });
      expect(signedWith(secret, test.signature, test.body)).toBe(true);
      await card.getByRole('button', { name: w.list.deliveries }).click();
      const sheet = page.locator('section', { has: page.getByRole('heading', { name: w.deliveries.title }) });
      await sheet.getByText(w.deliveries.status.succeeded).first().waitFor();
      await sheet
        .getByText(/HTTP 200/)
        .first()
        .waitFor();
      await stillSnap(page, 'webhooks-deliveries');
      found.push(...(await seriousViolations(page, 'webhook deliveries')));
      await sheet
        .locator('li.webhook-delivery', { hasText: w.deliveries.testEvent })
        .first()
        .getByRole('button', { name: w.deliveries.replay })
        .click();
      await expect.poll(() => received.filter(isTest).length, { timeout: 20_000 }).toBeGreaterThan(1);
      expect(received.filter(isTest)[1]!.body).toBe(test.body);

      // A real sale on a demo machine: order.paid arrives, signed.
      const api = await merchantApi(server);
      const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
        pageNum: 1,
        pageSize: 10,
      });
      const sale = await deliveredSale(server, devices.data.find((d) => d.type === 'vm')!.sn);
      const isPaid = (r: { body: string }) =>
        r.body.includes('"order.paid"') && r.body.includes(sale.orderNo);
      await expect.poll(() => received.some(isPaid), { timeout: 30_000 }).toBe(true);
      const event = received.find(isPaid)!;
      expect(signedWith(secret, event.signature, event.body)).toBe(true);
      expect(found).toEqual([]);
    },
  );
});
