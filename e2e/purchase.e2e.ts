import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantApi, type MerchantApi } from './support/app';
import { launchBrowser, phoneContext, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A customer buys from a simulated machine through its purchase page (the page its QR code opens), in the WeChat
 * browser, paying in the sandbox cashier; the page follows the vend to its result, and the sale is in the sales
 * bills. Runs against the demo: its machines are simulated inside the server and its payments are the sandbox.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let api: MerchantApi;

beforeAll(async () => {
  server = await startServer();
  api = await merchantApi(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the purchase page of a machine', () => {
  it('sells, pays in the sandbox, follows the vend, and the sale is in the bills', async () => {
    const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
      pageNum: 1,
      pageSize: 10,
    });
    const sn = devices.data.find((d) => d.type === 'vm')!.sn;
    // The demo seeds its history first; its machines come online when that is done.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const machine = await server.call<{ online: boolean }>('/p/v1/buy/getMachine', { sn });
      if (machine.result.online) break;
      if (Date.now() > deadline) throw new Error('the demo machine did not come online');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const page = await context.newPage();
    await page.goto(`${server.url}/buy/${sn}`);
    await page.getByText('Sandbox payments: a demo, no real money moves').waitFor();
    await page.getByRole('button', { name: 'Buy' }).first().waitFor();
    await snap(page, 'purchase-machine');
    await page.getByRole('button', { name: 'Buy' }).first().click();

    // The sandbox cashier, labelled as such, in WeChat's colours.
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByText('Sandbox payments: a demo, no real money moves').waitFor();
    await page.getByText('WeChat Pay · Checkout').waitFor();
    await snap(page, 'purchase-cashier');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/buy\/\d+\?order=/);
    const result = page.getByText(/Done: please take your goods|Refunded|The machine could not vend/);
    await result.waitFor({ timeout: 30_000 });
    await snap(page, 'purchase-result');
    const orderNo = new URL(page.url()).searchParams.get('order')!;

    const bills = await api<{ data: Array<{ orderno: string; status: number; client: string }> }>(
      '/api/v1/b/getBuyBill',
      { condition: { order_no: orderNo } },
    );
    expect(bills.data).toHaveLength(1);
    expect(bills.data[0]).toMatchObject({ orderno: orderNo, client: 'wechat' });
    expect([3, 8, 99]).toContain(bills.data[0]!.status);
    await page.close();
  });
});
