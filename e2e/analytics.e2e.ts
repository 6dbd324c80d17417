import { startOfPeriod, zonedDay } from '@vendo/contract/constants';
import { formatMoney } from '@vendo/contract/money';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import analytics from '../packages/web/src/i18n/resources/analytics';
import { fill, logInPage, merchantApi, openPath, stillSnap, visible, type MerchantApi } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { cell, downloadCsv } from './support/report';
import { deliveredSale, demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * The demo merchant reads its statistics over the seeded 90 days of sales: the dashboard's tabs, the picker's
 * arrows and a custom range, each statistics screen and its detail, and a report file whose totals are the
 * screen's. Past days are compared, since simulated customers keep buying today.
 */

const en = texts('en-US');
const a = analytics['en-US'];
const DAY = 86_400_000;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;

interface Analysis {
  count: number;
  income: number;
  successCount: number;
}

/**
 * The range in the address as an analytics condition: a past day or week ends at its last ms (Shanghai has no
 * daylight saving), a custom range where the address says.
 */
function rangeOf(url: string): { start_time: number; end_time: number } {
  const params = new URL(url).searchParams;
  const start = Number(params.get('start'));
  const mode = params.get('range');
  if (mode === 'custom') return { start_time: start, end_time: Number(params.get('end')) };
  const days = mode === 'week' ? 7 : mode === 'day' ? 1 : NaN;
  if (!Number.isFinite(days) || !start) throw new Error(`no past day or week in ${url}`);
  return { start_time: start, end_time: start + days * DAY - 1 };
}

/** The value under a figure's label in the first card holding it. */
function figure(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator('xpath=following-sibling::dd');
}

const shot = (name: string) => stillSnap(page, name);
const open = (path: string) => openPath(page, server, path);

/** Steps a date-picker column back by `steps` through antd-mobile's screen-reader buttons, then confirms. */
async function pickDayBack(title: string, steps: number): Promise<void> {
  const picker = page.locator('.adm-picker', { has: page.getByText(title, { exact: true }) });
  await picker.waitFor();
  const day = picker.locator('.adm-picker-view-column').nth(2);
  for (let i = 0; i < steps; i++) {
    await day.locator('[aria-label^="选择上一项"]').dispatchEvent('click');
    await page.waitForTimeout(150);
  }
  await picker.getByRole('button', { name: en.components.confirm }).click();
  await picker.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  server = await startServer();
  api = await merchantApi(server);
  // The history is seeded in the background on the first start, day by day: the machines come online once it is
  // whole, so that past days no longer change under the comparisons below.
  await demoMachinesOnline(server);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const yesterday = await api<{ analysis: Analysis }>('/api/v1/a/detail', {
      condition: { start_time: Date.now() - 2 * DAY, end_time: Date.now() - DAY },
    });
    if (yesterday.analysis.count > 0) break;
    if (Date.now() > deadline) throw new Error('no seeded sales history');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Just after midnight today has no sale yet, and the charts of today would be empty guides: make one.
  const today = await api<{ analysis: Analysis }>('/api/v1/a/detail', {
    condition: { start_time: startOfPeriod('day', Date.now()), end_time: Date.now() },
  });
  if (today.analysis.count === 0) {
    const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
      pageNum: 1,
    });
    await deliveredSale(server, devices.data.find((d) => d.type === 'vm')!.sn);
  }
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the demo merchant reads its statistics', () => {
  it("logs in and finds today's figures on home", async () => {
    await logInPage(page, server);
    await page.getByRole('tab', { name: en.home.figures.yesterday }).click();
    const overview = await api<{ yesterday: Analysis }>('/api/v1/a/overview');
    await visible(
      page.locator('.figures-income strong', { hasText: formatMoney(overview.yesterday.income, 'en-US') }),
    );
    await shot('analytics-home');
  });

  it('steps the dashboard back a day and forward again, with figures equal to the server', async () => {
    await page.getByRole('link', { name: en.home.figures.more }).click();
    await page.waitForURL(/\/dashboard/);
    const today = zonedDay(Date.now());
    const yesterday = zonedDay(Date.now() - DAY);
    await visible(page.getByText(today, { exact: true }));
    await visible(page.getByRole('img', { name: a.chart.hour }));
    await shot('analytics-dashboard-sales');
    await page.getByRole('button', { name: en.components.prevDay }).click();
    await visible(page.getByText(yesterday, { exact: true }));
    await expect.poll(() => page.url()).toContain('range=day');
    const detail = await api<{ analysis: Analysis }>('/api/v1/a/detail', { condition: rangeOf(page.url()) });
    await expect
      .poll(() => page.locator('.an-overview-income').textContent())
      .toBe(formatMoney(detail.analysis.income, 'en-US'));
    expect(await figure(page, a.figures.successCount).textContent()).toBe(
      String(detail.analysis.successCount),
    );

    // A tap on the chart shows that hour's tooltip with the figures of spec §2; a tap outside it hides it. Read on
    // yesterday's chart: every hour of it has figures whatever the time of the run (just after midnight today's has
    // one hour), and no live sale redraws it under the tap.
    const chart = page.getByRole('img', { name: a.chart.hour });
    await visible(chart);
    const box = (await chart.boundingBox())!;
    const tip = page.locator('.an-chart-tip');
    let tipText = '';
    let tries = 0;
    await expect
      .poll(
        async () => {
          const at = { position: { x: box.width / 2, y: box.height / 2 } };
          if (tries++ % 2 === 0) await chart.tap(at);
          else await chart.hover(at);
          tipText = (await tip.textContent({ timeout: 1000 }).catch(() => null)) ?? '';
          return tipText;
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\d\d:00/);
    for (const name of [
      a.figures.income,
      a.figures.successCount,
      a.figures.refund,
      a.figures.wechat,
      a.figures.alipay,
    ])
      expect(tipText).toContain(name);
    await shot('analytics-dashboard-tooltip');
    await page.getByText(yesterday, { exact: true }).tap();
    await expect.poll(() => tip.count()).toBe(0);

    await page.getByRole('button', { name: en.components.nextDay }).click();
    await visible(page.getByText(today, { exact: true }));
    await page.getByRole('button', { name: en.components.nextDay }).click();
    await visible(page.getByText(en.components.noNextDay));
  });

  it('downloads the sales of a week as CSV, with the totals the screen shows', async () => {
    await page.getByRole('tab', { name: en.components.thisWeek }).click();
    await page.getByRole('button', { name: en.components.prevWeek }).click();
    await expect.poll(() => page.url()).toContain('range=week');
    await visible(page.getByRole('img', { name: a.chart.weekDay }));
    // This week's figures stay on screen until last week's arrive: wait for the server's.
    const detail = await api<{ analysis: Analysis }>('/api/v1/a/detail', { condition: rangeOf(page.url()) });
    await expect
      .poll(() => page.locator('.an-overview-income').textContent())
      .toBe(formatMoney(detail.analysis.income, 'en-US'));
    const income = await page.locator('.an-overview-income').textContent();
    const successful = await figure(page, a.figures.successCount).textContent();

    const report = await downloadCsv(page, () => shot('analytics-report-sheet'));
    const fileIncome = Number(cell(report, report.total, 'Income (yuan)'));
    expect(formatMoney(Math.round(fileIncome * 100), 'en-US')).toBe(income);
    expect(cell(report, report.total, 'Successful')).toBe(successful);
    // Monday to Sunday, then the total.
    expect(report.rows).toHaveLength(7);
  });

  it('ranks stores, devices and goods by amount and by volume', async () => {
    const range = rangeOf(page.url());
    await page.getByRole('tab', { name: a.dashboard.tabs.store }).click();
    const stores = await api<{ data: { store: { store_name: string } }[] }>('/api/v1/a/storeDays', {
      condition: range,
    });
    const storeList = page.getByRole('list', { name: fill(a.dashboard.topStores, { count: 6 }) });
    await visible(storeList);
    expect(await storeList.locator('.an-rank-name').allTextContents()).toEqual(
      stores.data.map((row) => row.store.store_name),
    );
    await shot('analytics-dashboard-stores');

    await page.getByRole('tab', { name: a.dashboard.tabs.device }).click();
    const devices = page.getByRole('list', { name: fill(a.dashboard.topDevices, { count: 6 }) });
    await visible(devices.locator('li').first());
    expect(await devices.locator('li').count()).toBeLessThanOrEqual(6);

    await page.getByRole('tab', { name: a.dashboard.tabs.goods }).click();
    const goods = page.getByRole('list', { name: fill(a.dashboard.topGoods, { count: 10 }) });
    await visible(goods.locator('li').first());
    await page.getByRole('radio', { name: a.sort.count }).click();
    const byCount = await api<{ data: { goods_name: string }[] }>('/api/v1/a/goodSum', {
      pageNum: 1,
      pageSize: 10,
      condition: { ...range, sort_attr: 'count' },
    });
    await expect
      .poll(() => goods.locator('.an-rank-name').allTextContents())
      .toEqual(byCount.data.map((row) => row.goods_name));
    await shot('analytics-dashboard-goods');
  });

  it('opens an area from /sicRegion with the figures of its card, and lists the stores', async () => {
    await open('/sicRegion');
    await page.getByRole('button', { name: en.components.prevDay }).click();
    await expect.poll(() => page.url()).toContain('range=day');
    const areas = page.getByRole('list', { name: a.region.areas });
    // Today's cards stay (marked busy) until yesterday's arrive.
    await expect.poll(() => areas.getAttribute('aria-busy')).toBe('false');
    const first = areas.getByRole('link').first();
    await visible(first);
    const name = await first.locator('.an-item-title').textContent();
    const income = await figure(first, a.figures.income).textContent();
    await shot('analytics-region');
    await first.click();
    await page.waitForURL(/\/sicAnalysisDetail\?.*area=\d+/);
    await visible(page.getByRole('heading', { name: name ?? '' }));
    await expect.poll(() => page.locator('.an-overview-income').textContent()).toBe(income);
    await visible(page.getByRole('img', { name: a.chart.hour }));
    await shot('analytics-area-detail');

    await page.goBack();
    await page.getByRole('tab', { name: a.region.tabs.store }).click();
    await visible(page.getByRole('list', { name: a.region.storeList }).getByRole('link').first());
  });

  it('shows the machines by type on /sicDevice and opens one', async () => {
    await open('/sicDevice');
    const overview = await api<{ total: number; online: number }>('/api/v1/a/o/device');
    await visible(page.getByRole('heading', { name: a.devices.overview }));
    await expect.poll(() => figure(page, a.devices.total).textContent()).toBe(String(overview.total));
    await page.getByRole('radio', { name: a.series.day }).click();
    await visible(page.getByRole('img', { name: a.chart.day }));
    const devices = page.getByRole('list', { name: a.devices.list });
    await visible(devices.getByRole('link').first());
    await shot('analytics-devices');
    const title = await devices.locator('.an-item-title').first().textContent();
    await devices.getByRole('link').first().click();
    await page.waitForURL(/\/sicAnalysisDetail\?.*sn=\d+/);
    await visible(page.getByRole('heading', { name: title ?? '' }));
    await shot('analytics-device-detail');
  });

  it('picks a custom range on /sicGoods and opens a goods with its stores', async () => {
    await open('/sicGoods');
    await page.getByRole('tab', { name: en.components.custom }).click();
    await page.getByRole('button', { name: new RegExp(en.components.startDate) }).click();
    await pickDayBack(en.components.startDate, 3);
    await page.getByRole('button', { name: new RegExp(en.components.endDate) }).click();
    await pickDayBack(en.components.endDate, 1);
    await expect.poll(() => new URL(page.url()).searchParams.get('end')).not.toBeNull();
    const range = rangeOf(page.url());
    expect(zonedDay(range.start_time)).toBe(zonedDay(Date.now() - 3 * DAY));
    expect(zonedDay(range.end_time)).toBe(zonedDay(Date.now() - DAY));
    const ranking = await api<{ count: number; total: { count: number; income: number } }>(
      '/api/v1/a/o/goodSumForG',
      { pageNum: 1, pageSize: 10, condition: range },
    );
    await visible(
      page.getByText(
        fill(a.goods.countWithTotals, {
          count: ranking.count,
          units: ranking.total.count,
          income: formatMoney(ranking.total.income, 'en-US'),
        }),
      ),
    );
    await shot('analytics-goods');

    const list = page.getByRole('list', { name: a.goods.list });
    const first = list.getByRole('link').first();
    const units = Number(await figure(first, a.figures.units).textContent());
    await first.click();
    await page.waitForURL(/\/sicGoodsDetail\?.*goods_id=\d+/);
    const table = page.locator('.an-table');
    await visible(table.locator('tbody tr').first());
    const cells = await table.locator('tbody tr td:first-of-type').allTextContents();
    expect(cells.reduce((sum, cell) => sum + Number(cell), 0)).toBe(units);
    await visible(page.getByRole('img', { name: a.chart.day }));
    await shot('analytics-goods-detail');
  });
});
