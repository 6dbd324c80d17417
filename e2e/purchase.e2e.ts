import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@vendo/contract/locales';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import buy from '../packages/web/src/i18n/resources/buy';
import { merchantApi, type MerchantApi } from './support/app';
import { launchBrowser, phoneContext, snap } from './support/browser';
import { provisionMachines } from './support/machines';
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

/** A demo vending machine, once online: the demo seeds its history first; its machines come online when that is done. */
async function onlineMachine(): Promise<string> {
  const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
    pageNum: 1,
    pageSize: 10,
  });
  const sn = devices.data.find((d) => d.type === 'vm')!.sn;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const machine = await server.call<{ online: boolean }>('/p/v1/buy/getMachine', { sn });
    if (machine.result.online) return sn;
    if (Date.now() > deadline) throw new Error('the demo machine did not come online');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const en = buy['en-US'];

describe('the purchase page of a machine', () => {
  it('sells, pays in the sandbox, follows the vend, and the sale is in the bills', async () => {
    const sn = await onlineMachine();
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

  it('speaks zh-CN, zh-TW and en-US, as the phone does', async () => {
    const sn = await onlineMachine();
    for (const locale of LOCALES) {
      const t = buy[locale];
      const phone = await phoneContext(browser, { locale });
      const page = await phone.newPage();
      await page.goto(`${server.url}/buy/${sn}`);
      await page.getByText(t.sandbox).waitFor();
      await page.getByRole('button', { name: t.buy }).first().waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      await snap(page, `purchase-machine-${locale}`);
      await phone.close();
    }
  });

  it('says a machine is offline and sells nothing; an unbound one is not selling', async () => {
    const [offline, unbound] = await provisionMachines(server, 'vm', 2);
    const link = new URLSearchParams(offline!.bindPath.split('?')[1]);
    await api('/api/v1/d/bind', {
      clientid: link.get('clientid'),
      sign: link.get('sign'),
      title: 'E2E Offline',
      type: 'vm',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/buy/${offline!.sn}`);
    await page.getByText(en.offline).waitFor();
    await page.getByRole('heading', { name: 'E2E Offline' }).waitFor();
    expect(await page.getByRole('button', { name: en.buy, disabled: false }).count()).toBe(0);
    await snap(page, 'purchase-offline');

    await page.goto(`${server.url}/buy/${unbound!.sn}`);
    await page.getByText(rcodeText(RCODE.MACHINE_NOT_SELLING)!['en-US']).waitFor();
    await page.close();
  });

  it('comes back from a cancelled payment to a closed order and offers to buy again', async () => {
    const sn = await onlineMachine();
    const page = await context.newPage();
    await page.goto(`${server.url}/buy/${sn}`);
    await page.getByRole('button', { name: en.buy }).first().click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByRole('button', { name: en.cancel }).click();

    await page.waitForURL(/\/buy\/\d+\?order=/);
    await page.getByText(en.stages.closed).waitFor();
    await snap(page, 'purchase-cancelled');
    const address = new URL(page.url()).searchParams;
    const order = await server.call<{ stage: string; paid_at: number | null }>('/p/v1/buy/getOrder', {
      order_no: address.get('order'),
      token: address.get('t'),
    });
    expect(order.result).toMatchObject({ stage: 'closed', paid_at: null });

    await page.getByRole('button', { name: en.back }).click();
    await page.waitForURL(`${server.url}/buy/${sn}`);
    await page.getByRole('button', { name: en.buy }).first().waitFor();
    await page.close();
  });
});
