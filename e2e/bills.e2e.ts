import { ORDER_STATUS_LABELS } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import { launchBrowser, phoneContext, snap } from './support/browser';
import { appShown, DEMO, logInPage, merchantApi, visible, type MerchantApi } from './support/app';
import { deliveredSale } from './support/sales';
import { cell, downloadCsv } from './support/report';
import { startServer, type RunningServer } from './support/server';

/**
 * The demo merchant reads the seeded sales in /buyBill, filters them by a status, downloads what the list
 * shows, and refunds a same-day sale through the operation-password keypad.
 */

const b = bills['en-US'];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;

interface BillRow {
  orderno: string;
  status: number;
  client: string;
  refundable: number;
  refund_eligibility: number;
}

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

/** Today's refundable sales paid through a channel; a customer buys one when there is none yet. */
async function refundableToday(): Promise<BillRow[]> {
  const today = async () => {
    const list = await api<{ data: BillRow[] }>('/api/v1/b/getBuyBill', {
      pageNum: 1,
      pageSize: 50,
      condition: { status: 3 },
    });
    return list.data.filter((row) => row.refundable > 0 && row.refund_eligibility === 0);
  };
  const found = await today();
  if (found.length > 0) return found;
  const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
    pageNum: 1,
  });
  await deliveredSale(server, devices.data.find((d) => d.type === 'vm')!.sn);
  return today();
}

describe('the demo merchant reads and refunds bills', () => {
  it('logs in', async () => {
    await logInPage(page, server);
  });

  it('sees the seeded sales with their analysis and filters them by a status', async () => {
    const candidates = await refundableToday();
    await page.goto(`${server.url}/buyBill`);
    await visible(page.getByRole('region', { name: b.analysis.label }));
    expect(candidates.length).toBeGreaterThan(0);
    const list = page.getByRole('list', { name: b.listLabel });
    await visible(list.locator('li').first());
    await appShown(page);
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

  it('downloads the listed sales as CSV: a row a bill, and the totals of the analysis', async () => {
    const analysis = page.getByRole('region', { name: b.analysis.label });
    const figure = (label: string) =>
      analysis.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    const count = Number(await figure(b.analysis.count).textContent());
    const income = await figure(b.analysis.income).textContent();
    expect(count).toBeGreaterThan(0);

    const report = await downloadCsv(page, async () => {
      await visible(page.locator('.report-sheet').getByText(b.report.buy, { exact: true }));
      await snap(page, 'bills-report-sheet');
    });
    expect(report.total[0]).toBe(`Total (${count})`);
    const fileIncome = Number(cell(report, report.total, 'Income (yuan)'));
    expect(formatMoney(Math.round(fileIncome * 100), 'en-US')).toBe(income);
    expect(report.rows).toHaveLength(count);
    // Only what the list shows: every row is a successful sale.
    const success = ORDER_STATUS_LABELS[3]['en-US'];
    expect(report.rows.every((row) => cell(report, row, 'Status') === success)).toBe(true);
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
