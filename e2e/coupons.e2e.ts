import type { Bill } from '@vendo/contract/api/orders';
import type { Coupon } from '@vendo/contract/api/coupons';
import { formatMoney } from '@vendo/contract/money';
import { interpolate } from '@vendo/contract/locales';
import { rcodeText } from '@vendo/contract/rcodes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import buy from '../packages/web/src/i18n/resources/buy';
import coupons from '../packages/web/src/i18n/resources/coupons';
import { fill, logInPage, merchantApi, openPath, stillSnap, visible, type MerchantApi } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/*
 * Coupons (issue 17) in WeChat on a phone: the demo merchant makes an 8.5折 coupon on /activity; a customer opens a
 * machine's purchase page, signs in through the sandbox messaging app's OAuth, receives the coupon, sees the lower
 * price, pays it in the sandbox cashier; the bill shows the original price, the discount and the coupon, and the
 * coupon's receipts say it was received and used.
 */

const en = texts('en-US');
const c = coupons['en-US'];
const b = buy['en-US'];
const bl = bills['en-US'];
const money = (cents: number) => formatMoney(cents, 'en-US');
const NAME = 'E2E 8.5';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;
let sn: string;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  api = await merchantApi(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
  await demoMachinesOnline(server);
  const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
    pageNum: 1,
    pageSize: 10,
  });
  sn = devices.data.find((d) => d.type === 'vm')!.sn;
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a coupon from /activity to the bill', () => {
  let orderNo = '';
  let price = 0;
  let paid = 0;

  it('the merchant makes an 8.5折 coupon on /activity', async () => {
    await logInPage(page, server);
    await openPath(page, server, '/activity');
    await page.getByRole('button', { name: c.list.add }).first().click();
    const sheet = page.locator('.sheet', { has: page.getByRole('heading', { name: c.editor.addTitle }) });
    await visible(sheet);
    await sheet.locator('#coupon-name').fill(NAME);
    // Three wrong numbers: saving shows every message at once, at its field, and keeps what was typed.
    await sheet.locator('#coupon-zhe').fill('10');
    await sheet.locator('#coupon-quantity').fill('0');
    await sheet.locator('#coupon-limit').fill('200');
    await sheet.getByRole('button', { name: en.components.save }).click();
    for (const code of [1101, 1104, 1105]) {
      const text = interpolate(rcodeText(code)!['en-US'], { max: code === 1104 ? 100000 : 100 });
      await visible(sheet.getByText(text));
    }
    expect(await sheet.locator('#coupon-zhe').inputValue()).toBe('10');
    expect(await sheet.locator('#coupon-limit').inputValue()).toBe('200');
    await sheet.locator('#coupon-zhe').fill('8.5');
    await sheet.locator('#coupon-quantity').fill('10');
    await sheet.locator('#coupon-limit').fill('1');
    await stillSnap(page, 'coupons-editor');
    await sheet.getByRole('button', { name: en.components.save }).click();
    await sheet.waitFor({ state: 'detached' });
    const card = page.locator('li.coupon-card', { has: page.getByRole('heading', { name: NAME }) });
    await visible(card);
    await visible(card.getByText('85% of the price'));
    await stillSnap(page, 'coupons-list');
    const list = await api<{ data: Coupon[] }>('/api/v1/b/getCoupon', { pageNum: 1 });
    expect(list.data[0]).toMatchObject({ name: NAME, type: 'rate', rate: 8500, scope: 'all', quantity: 10 });
  });

  it('a customer signs in, receives it, sees the lower price and pays it', async () => {
    const customer = await context.newPage();
    await customer.goto(`${server.url}/buy/${sn}`);
    const panel = customer.getByRole('region', { name: 'Coupons' });
    await visible(panel.getByText(NAME));
    // The sandbox messaging app's OAuth (snsapi_base), and back with a signed identity.
    await panel.getByRole('link', { name: 'Sign in with WeChat' }).click();
    await visible(panel.getByText(/Signed in: wechat:/));
    await panel.getByRole('listitem', { name: NAME }).getByRole('button', { name: 'Receive' }).click();
    await visible(panel.getByRole('radio', { name: new RegExp(NAME) }));
    expect(await panel.getByRole('radio', { name: new RegExp(NAME) }).isChecked()).toBe(true);

    const shelf = customer.locator('li.buy-card').first();
    const machine = await server.call<{ shelves: Array<{ price: number }> }>('/p/v1/buy/getMachine', { sn });
    price = machine.result.shelves[0]!.price;
    paid = Math.max(2, Math.ceil((price * 8500) / 10000));
    await visible(shelf.getByTestId('buy-discounted').getByText(money(paid), { exact: false }));
    await stillSnap(customer, 'coupons-buy-page');
    await shelf.getByRole('button', { name: b.buy }).click();

    await customer.waitForURL(/\/sandbox-pay\//);
    await visible(customer.getByText(money(paid)));
    await customer.getByRole('button', { name: b.pay }).click();
    await customer.waitForURL(/\/buy\/\d+\?order=/);
    orderNo = new URL(customer.url()).searchParams.get('order')!;
    await visible(customer.getByText(/Done: please take your goods|Refund|could not vend/), 30_000);
    await customer.close();

    const bills = await api<{ data: Bill[] }>('/api/v1/b/getPayBill', {
      pageNum: 1,
      pageSize: 10,
      condition: { order_no: orderNo },
    });
    expect(bills.data[0]).toMatchObject({
      orderno: orderNo,
      amount: paid,
      original_amount: price,
      discount: price - paid,
      coupon_name: NAME,
    });
  });

  it('the merchant sees the coupon received and used', async () => {
    await openPath(page, server, '/activity');
    const card = page.locator('li.coupon-card', { has: page.getByRole('heading', { name: NAME }) });
    await card.getByRole('button', { name: c.list.receipts }).click();
    await visible(page.getByTestId('coupon-receipt-summary').getByText('1 received, 1 used'));
    await stillSnap(page, 'coupons-receipts');
  });

  it('the bill list shows the discount and /record lists the use', async () => {
    await openPath(page, server, '/buyBill');
    await page.getByRole('button', { name: bl.filters.more }).click();
    await page.getByLabel(bl.filters.orderNo).fill(orderNo);
    await page.getByRole('button', { name: bl.filters.apply }).click();
    const bill = page.getByRole('button', { name: new RegExp(orderNo) });
    await visible(bill);
    const discounted = fill(bl.detail.discounted, { original: money(price), discount: money(price - paid) });
    await visible(bill.getByText(`${discounted} · ${NAME}`));
    await stillSnap(page, 'coupons-bill');

    await openPath(page, server, '/record?kind=coupon_use');
    const line = page.locator('li.record-card', { hasText: orderNo });
    await visible(line);
    await visible(line.getByText(NAME));
    await visible(line.getByText(money(price - paid), { exact: false }));
    await stillSnap(page, 'coupons-record');
  });
});
