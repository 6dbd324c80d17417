import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendoClient } from '@vendo/contract/vendo-client';
import { billsAndRefund } from '../examples/bills-and-refund';
import apiKeys from '../packages/web/src/i18n/resources/api-keys';
import { logInPage, merchantApi, openPath, stillSnap } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { deliveredSale } from './support/sales';
import { startServer, type RunningServer } from './support/server';

/*
 * API keys (issue 20) on a phone: the demo merchant makes a key on /apiKeys holding the bills permission, the test
 * calls the bills with it from outside the browser (fetch, the X-Api-Key header), the merchant revokes it and the
 * next call is refused; the API reference page opens under the content security policy.
 */

const k = apiKeys['en-US'];
const NAME = 'E2E ERP';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A call made with a key, as an integration makes it. */
async function withKey(key: string, path: string, body: unknown = {}) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, lang: 'en-US' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { rcode: number; msg: string; result: unknown };
}

describe('API keys', () => {
  it('makes a key on the screen, calls with it, revokes it', { timeout: 120_000 }, async () => {
    await logInPage(page, server);
    await openPath(page, server, '/apiKeys');
    await page.getByRole('button', { name: k.list.add }).first().click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: k.form.title }) });
    await form.waitFor();
    await form.getByLabel(/^Name/).fill(NAME);
    await form.getByLabel(/^Name/).blur();
    await form.getByText('Bills', { exact: true }).click();
    await stillSnap(page, 'api-keys-form');
    const found = await seriousViolations(page, 'API key form');
    await form.getByRole('button', { name: k.form.create }).click();

    // The key, once.
    const shown = page.getByRole('heading', { name: k.created.title });
    await shown.waitFor();
    const key = (await page.locator('.api-key-secret code').textContent()) ?? '';
    expect(key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    await stillSnap(page, 'api-keys-created');
    found.push(...(await seriousViolations(page, 'API key shown')));
    await page.getByRole('button', { name: k.created.done }).click();
    const card = page.getByRole('listitem', { name: NAME });
    await card.waitFor();
    await card.getByText(k.list.never).waitFor();
    await expect.poll(async () => (await page.content()).includes(key)).toBe(false);

    // An integration calls with it: the bills it holds, not what it lacks.
    const bills = await withKey(key, '/api/v1/b/getBuyBill', { pageNum: 1, pageSize: 5 });
    expect(bills.rcode, bills.msg).toBe(0);
    expect((await withKey(key, '/api/v1/b/getPayBill', { pageNum: 1, pageSize: 5 })).rcode).toBe(403);
    await page.reload();
    await card.getByText(k.list.never).waitFor({ state: 'detached' });
    await stillSnap(page, 'api-keys-list');
    found.push(...(await seriousViolations(page, 'API key list')));

    // Revoked: refused at once.
    await card.getByRole('button', { name: k.list.revoke }).click();
    await page.getByRole('dialog').getByRole('button', { name: k.list.revoke }).click();
    await card.getByText(k.list.revoked, { exact: true }).waitFor();
    const refused = await withKey(key, '/api/v1/b/getBuyBill', { pageNum: 1, pageSize: 5 });
    expect(refused.rcode).toBe(1221);
    expect(refused.msg).toBe('The API key is invalid or revoked');
    expect(found).toEqual([]);
  });

  it('opens the API reference under the content security policy', { timeout: 60_000 }, async () => {
    await page.goto(`${server.url}/p/v1/api-docs`);
    await page.getByRole('heading', { name: /Vendo API/ }).waitFor();
    await page.getByText('/api/v1/key/addApiKey').first().waitFor();
    const color = await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(color).toBe('rgb(22, 119, 255)');
  });

  it(
    "runs examples/bills-and-refund.ts with the typed client: today's bills, one refund",
    { timeout: 150_000 },
    async () => {
      const api = await merchantApi(server);
      const made = await api<{ key: string }>('/api/v1/key/addApiKey', {
        name: 'Example script',
        permissions: [1021, 1031],
      });
      const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
        pageNum: 1,
        pageSize: 10,
      });
      const sale = await deliveredSale(server, devices.data.find((d) => d.type === 'vm')!.sn);
      const vendo = vendoClient({ baseUrl: server.url, apiKey: made.key });
      const lines: string[] = [];
      const { bills, refunded } = await billsAndRefund(vendo, sale.orderNo, (line) => lines.push(line));
      expect(bills.map((b) => b.orderno)).toContain(sale.orderNo);
      expect(refunded).toBe(sale.orderNo);
      expect(lines.at(-1)).toMatch(new RegExp(`^refund of ${sale.orderNo}: `));
      // The client's errors carry the rcode and the server's words.
      await expect(vendo.callPath('/api/v1/b/getPayBill', {})).rejects.toThrow(/rcode 403/);
    },
  );
});
