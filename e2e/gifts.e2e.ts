import type { GiftBatch } from '@vendo/contract/api/gifts';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import buy from '../packages/web/src/i18n/resources/buy';
import gifts from '../packages/web/src/i18n/resources/gifts';
import { logInPage, merchantApi, openPath, stillSnap, type MerchantApi } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';

/*
 * Gift vouchers (issue 17) on a phone in WeChat: the demo merchant makes a batch on /gift (its machine, a gift the
 * machine holds, 3 codes), downloads it (the codes count as downloaded), a customer opens a code's link on the
 * machine's purchase page, picks the shelf and redeems it; the machine vends for free (payment gift); the same
 * code a second time is refused with "This code has already been used".
 */

const g = gifts['en-US'];
const b = buy['en-US'];
const USED = rcodeText(RCODE.GIFT_CODE_USED)!['en-US'];
const NAME = 'E2E opening gift';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;

beforeAll(async () => {
  server = await startServer();
  api = await merchantApi(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('gift vouchers', () => {
  it('makes a batch, downloads it, a customer redeems a code once, the machine vends', async () => {
    await demoMachinesOnline(server);
    const devices = await api<{ data: Array<{ sn: string; type: string; title: string }> }>(
      '/api/v1/d/getDev',
      { pageNum: 1, pageSize: 10 },
    );
    const machine = devices.data.find((d) => d.type === 'vm')!;
    const shown = await server.call<{ shelves: Array<{ goods_name: string; quantity: number }> }>(
      '/p/v1/buy/getMachine',
      { sn: machine.sn },
    );
    const gift = shown.result.shelves.find((s) => s.quantity > 0)!.goods_name;

    // The merchant's screen: a new batch.
    await logInPage(page, server);
    await openPath(page, server, '/gift');
    await page.getByRole('button', { name: g.list.add }).first().click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: g.editor.title }) });
    await form.waitFor();
    await form.getByLabel(/^Name/).fill(NAME);
    await form.getByLabel(/^Number of codes/).fill('3');
    // Saving without a machine or a gift names both at once, and keeps what was typed.
    await form.getByRole('button', { name: 'Save' }).click();
    for (const field of ['machines', 'goods']) await form.locator(`#gift-${field}-error`).waitFor();
    expect(await form.getByLabel(/^Name/).inputValue()).toBe(NAME);
    await form
      .getByText(new RegExp(`· ${machine.sn}`))
      .first()
      .click();
    await form.getByText(gift, { exact: true }).first().click();
    await stillSnap(page, 'gifts-editor');
    const found = await seriousViolations(page, 'gift editor');
    await form.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('listitem', { name: NAME });
    await card.waitFor();
    await card.getByText('Unused 3').waitFor();

    // Download: the codes are handed out from now on.
    await card.getByRole('button', { name: g.list.download }).click();
    await card.getByText('Downloaded 3').waitFor({ timeout: 10_000 });
    await stillSnap(page, 'gifts-list');
    found.push(...(await seriousViolations(page, '/gift')));
    const listed = await api<{ data: GiftBatch[] }>('/api/v1/h/getGift', { pageNum: 1, pageSize: 10 });
    const batch = listed.data.find((x) => x.name === NAME)!;
    expect(batch).toMatchObject({ status: 'downloaded', counts: { downloaded: 3 } });
    const sheet = await api<{ codes: Array<{ code: string; url: string }> }>('/api/v1/b/getGiftCodes', {
      gift_id: batch.gift_id,
    });
    const { url, code } = sheet.codes[0]!;
    expect(url).toContain(`/buy/${machine.sn}?gift=`);

    // The customer opens the code's link (its QR code), picks the shelf, redeems it.
    const customer = await context.newPage();
    let delivered = false;
    for (let attempt = 0; attempt < 3 && !delivered; attempt++) {
      await customer.goto(`${server.url}${new URL(url).pathname}${new URL(url).search}`);
      await customer.getByText(gift).first().waitFor();
      await customer.getByRole('button', { name: 'Get it free' }).first().click();
      await customer.waitForURL(/\/buy\/\d+\?order=/);
      const result = customer.getByText(new RegExp(`${b.stages.delivered}|${b.stages.failed}`));
      await result.waitFor({ timeout: 20_000 });
      // The demo fails a few deliveries: a failed vend gives the code back, so the customer tries again.
      delivered = (await result.textContent()) === b.stages.delivered;
    }
    expect(delivered).toBe(true);
    await stillSnap(customer, 'gifts-redeemed');
    const orderNo = new URL(customer.url()).searchParams.get('order')!;
    const bills = await api<{
      data: Array<{ orderno: string; client: string; amount: number; status: number }>;
    }>('/api/v1/b/getBuyBill', { condition: { order_no: orderNo } });
    expect(bills.data[0]).toMatchObject({ orderno: orderNo, client: 'gift', amount: 0, status: 3 });

    // The same code again: refused with the message.
    await customer.goto(`${server.url}/buy/${machine.sn}?gift=${code}`);
    await customer.getByRole('alert').getByText(USED).waitFor();
    await stillSnap(customer, 'gifts-used');
    found.push(...(await seriousViolations(customer, 'purchase page with a used code')));
    expect(found, found.join('\n\n')).toEqual([]);
    await customer.close();
  });
});
