import { ORDER_STATUS_LABELS } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import { launchBrowser, phoneContext, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * The demo merchant reads the seeded sales in /buyBill, filters them by a status, and refunds a same-day sale
 * through the operation-password keypad.
 */

const en = texts('en-US');
const b = bills['en-US'];
const DEMO = { phone: '13800138000', password: 'demo123456', operPassword: '123456' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let headers: Record<string, string>;

interface BillRow {
  orderno: string;
  status: number;
  client: string;
  refundable: number;
  refund_eligibility: number;
}

async function api<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { rcode: number; msg: string; result: T };
  if (answer.rcode !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.result;
}

beforeAll(async () => {
  server = await startServer();
  const login = await server.call<{ token: string; secret: string }>('/p/v1/login', {
    username: DEMO.phone,
    password: DEMO.password,
  });
  headers = { token: login.result.token, secret: login.result.secret };
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function visible(locator: ReturnType<Page['getByText']>, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
}

/** A customer buys from a demo vending machine and pays in the sandbox, so today has a sale whatever the hour. */
async function buyOnce(): Promise<void> {
  const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
    pageNum: 1,
  });
  const sn = devices.data.find((d) => d.type === 'vm')!.sn;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const machine = await server.call<{
      online: boolean;
      shelves: Array<{ channel_sn: number; quantity: number }>;
    }>('/p/v1/buy/getMachine', { sn });
    const shelf = machine.result.online ? machine.result.shelves.find((s) => s.quantity > 0) : undefined;
    if (shelf) {
      const order = await server.call<{ pay_url: string }>('/p/v1/buy/createOrder', {
        sn,
        channel_sn: shelf.channel_sn,
        kind: 'goods',
        pay_channel: 'wechat',
      });
      if (order.rcode !== 0) throw new Error(`createOrder: ${order.msg}`);
      const tx = order.result.pay_url.split('/').pop()!.split('?')[0]!;
      const paid = await server.call('/p/v1/sandboxPay/pay', { tx, action: 'pay' });
      if (paid.rcode !== 0) throw new Error(`sandbox pay: ${paid.msg}`);
      return;
    }
    if (Date.now() > deadline) throw new Error('no demo vending machine online with stock');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Today's refundable sales paid through a channel; buys (again) until there is one. */
async function refundableToday(): Promise<BillRow[]> {
  const deadline = Date.now() + 60_000;
  let bought = 0;
  for (;;) {
    const list = await api<{ data: BillRow[]; count: number }>('/api/v1/b/getBuyBill', {
      pageNum: 1,
      pageSize: 50,
      condition: { status: 3 },
    });
    const found = list.data.filter((row) => row.refundable > 0 && row.refund_eligibility === 0);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error('no refundable sale of today appeared');
    // A delivery can fail on purpose in the demo (then it is refunded): buy again after a while.
    if (bought === 0 || (Date.now() - deadline + 60_000) / 15_000 > bought) {
      await buyOnce();
      bought += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe('the demo merchant reads and refunds bills', () => {
  it('logs in', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder(en.auth.usernamePlaceholder).fill(DEMO.phone);
    await page.getByPlaceholder(en.auth.passwordPlaceholder).fill(DEMO.password);
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    const ok = page.getByRole('button', { name: en.home.statement.ok });
    await ok.click();
    await ok.waitFor({ state: 'hidden' });
  });

  it('sees the seeded sales with their analysis and filters them by a status', async () => {
    const candidates = await refundableToday();
    await page.goto(`${server.url}/buyBill`);
    await visible(page.getByRole('region', { name: b.analysis.label }));
    expect(candidates.length).toBeGreaterThan(0);
    const list = page.getByRole('list', { name: b.listLabel });
    await visible(list.locator('li').first());
    await page.locator('.loading-screen').waitFor({ state: 'detached' });
    await snap(page, 'bills-list');

    await page
      .getByRole('button', { name: new RegExp(b.filters.status) })
      .first()
      .click();
    const picker = page.locator('.adm-picker', { has: page.getByText(b.filters.status, { exact: true }) });
    // The wheel's screen-reader buttons (antd-mobile labels them in Chinese) step to "Success".
    const success = ORDER_STATUS_LABELS[3]['en-US'];
    const current = picker.locator('[aria-label^="当前选择的是"]');
    for (let i = 0; i < 12; i++) {
      if ((await current.getAttribute('aria-label'))?.endsWith(success)) break;
      await picker.locator('[aria-label^="选择下一项"]').dispatchEvent('click');
      await page.waitForTimeout(150);
    }
    await expect.poll(() => current.getAttribute('aria-label')).toContain(success);
    await picker.getByRole('button', { name: 'Confirm' }).click();
    await picker.waitFor({ state: 'hidden' });
    await visible(page.getByRole('button', { name: `${b.filters.status}: ${success}` }));
    await expect
      .poll(async () => {
        const statuses = await list.locator('.bill-status').allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === ORDER_STATUS_LABELS[3]['en-US']);
      })
      .toBe(true);
  });

  it('refunds a same-day sale in full through the keypad', async () => {
    const [target] = await refundableToday();
    if (!target) throw new Error('no refundable sale');
    // Narrow the list to that order through the filter sheet.
    await page.getByRole('button', { name: b.filters.more }).click();
    await page.getByLabel(b.filters.orderNo).fill(target.orderno);
    await page.getByRole('button', { name: b.filters.apply }).click();
    const card = page.getByRole('button', { name: new RegExp(target.orderno) });
    await visible(card);
    await card.click();
    await visible(page.getByRole('heading', { name: b.detail.title }));
    await visible(
      page.getByText(b.refund.full.replace('{{amount}}', formatMoney(target.refundable, 'en-US'))),
    );
    await snap(page, 'bills-detail');
    await page.getByRole('button', { name: b.refund.submit }).click();
    for (const digit of DEMO.operPassword) {
      await page.getByRole('button', { name: digit, exact: true }).click();
    }
    await visible(page.getByText(b.refund.done));
    const after = await api<{ data: BillRow[] }>('/api/v1/b/getBuyBill', {
      pageNum: 1,
      pageSize: 10,
      condition: { order_no: target.orderno },
    });
    expect(after.data[0]!.refundable).toBe(0);
  });
});
