import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO, merchantApi, openPath, type MerchantApi } from './support/app';
import { checkPaths as checkPathsOf, checkScreen, expectNone } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { provisionMachines } from './support/machines';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * axe-core over every screen of spec §2 that exists, on a phone: no serious or critical violation of WCAG 2 A/AA
 * (issue 12). A failure lists each violation with the elements axe found. Each screen's screenshot lands in
 * e2e/artifacts (a11y-*.png). The other screens, the main dialogs and sheets, and the customer's purchase and
 * cashier pages are accessibility-more.e2e.ts: one file took four minutes, the longest of the browser suite, which
 * runs two files at a time.
 */

const en = texts('en-US');

/** A group of screens, each checked by axe and photographed, takes a while. */
const GROUP = { timeout: 180_000 };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;

/** Checks the page as it is now, once still; adds its violations to `found`. */
const check = (name: string, found: string[]) => checkScreen(page, name, found);
/** Opens and checks each path; fails with every violation found on any of them. */
const checkPaths = (paths: string[]) => checkPathsOf(page, server, paths);

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

describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  it('the screens before login', async () => {
    await checkPaths(['/login', '/signup', '/forget']);
  });

  it('the statement home opens with after login', async () => {
    await openPath(page, server, '/login');
    await page.getByPlaceholder(en.auth.usernamePlaceholder).fill(DEMO.phone);
    await page.getByPlaceholder(en.auth.passwordPlaceholder).fill(DEMO.password);
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    const ok = page.getByRole('button', { name: en.home.statement.ok });
    await ok.waitFor();
    const found: string[] = [];
    await check('statement', found);
    await ok.click();
    await ok.waitFor({ state: 'hidden' });
    expectNone(found);
  });

  it('home, the bills and the statistics', GROUP, async () => {
    const areas = await api<{ data: Array<{ _id: number }> }>('/api/v1/u/getArea', { pageNum: 1 });
    const goods = await api<{ data: Array<{ goods_id: number }> }>('/api/v1/g/getGoods', { pageNum: 1 });
    await checkPaths([
      '/',
      '/dashboard',
      '/dashboard?tab=store',
      '/dashboard?tab=device',
      '/dashboard?tab=goods',
      '/buyBill',
      '/buyBill?abnormal=true',
      '/payBill',
      '/sicRegion',
      `/sicAnalysisDetail?area=${areas.data[0]!._id}`,
      '/sicDevice',
      '/sicGoods',
      `/sicGoodsDetail?goods_id=${goods.data[0]!.goods_id}`,
    ]);
  });

  it('machines, areas and stores, goods and stock', GROUP, async () => {
    const [machine] = await provisionMachines(server, 'vm');
    await checkPaths([
      '/deviceBindEnter',
      machine!.bindPath,
      '/bindError',
      '/deviceManage',
      '/region',
      '/region?tab=stores',
      '/goodsManage',
      '/goodsManage?tab=images',
      '/stock',
      '/stock?tab=entries',
      '/stock?tab=stores',
      '/stock?tab=low',
      '/stock?tab=log',
    ]);
  });
});
