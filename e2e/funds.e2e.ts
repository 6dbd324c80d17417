import type { FundAccount, Settlement, settlementLine } from '@vendo/contract/api/funds';
import {
  BANK_LABELS,
  isBankCode,
  PERMISSIONS,
  SETTLEMENT_LABELS,
  settlementState,
} from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import funds from '../packages/web/src/i18n/resources/funds';
import { fill, logInPage, merchantApi, openPath, stillSnap, visible, type MerchantApi } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/*
 * Funds and settlement (issue 16) on a phone in WeChat: the demo merchant (an approved card, 90 seeded days of
 * settlements through the sandbox bank) reads each payout account's money on /fund as the server gives it, follows
 * its card to that account's records on /settle, narrows them by state, turns a page and opens a record's detail
 * with the orders and refunds it covers. Staff holding 1036 see the screens; staff without it are refused.
 */

const en = texts('en-US');
const f = funds['en-US'];
const money = (cents: number) => formatMoney(cents, 'en-US');
const dateOf = (settleDate: string) =>
  `${settleDate.slice(0, 4)}-${settleDate.slice(4, 6)}-${settleDate.slice(6)}`;

type Line = z.infer<typeof settlementLine>;
interface List<T> {
  data: T[];
  count: number;
  sandbox: boolean;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;
let card: FundAccount;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  api = await merchantApi(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const records = (condition: Record<string, string> = {}, pageNum = 1) =>
  api<List<Settlement>>('/api/v1/b/getSettle', { pageNum, pageSize: 10, condition });

describe('the demo merchant reads its funds and settlements', () => {
  it('logs in', async () => {
    await logInPage(page, server);
  });

  it("sees each payout account's money on /fund, labelled as the sandbox bank's", async () => {
    const answer = await api<List<FundAccount>>('/api/v1/b/getFunds', { pageNum: 1, pageSize: 999 });
    expect(answer.sandbox).toBe(true);
    card = answer.data.find((a) => a.manual_transfer === 0)!;
    expect(card).toBeTruthy();
    expect(isBankCode(card.bank_code)).toBe(true);
    await openPath(page, server, '/fund');
    const bank = isBankCode(card.bank_code) ? BANK_LABELS[card.bank_code]['en-US'] : card.bank_code;
    const item = page.locator('li.fund-card', { has: page.getByRole('heading', { name: bank }) }).first();
    await visible(item);
    await visible(page.getByText(f.sandbox).first());
    expect(await item.textContent()).toContain(card.acct_no_encry);
    expect(await item.locator('.fund-balance-value').textContent()).toBe(money(card.balance));
    const figure = (label: string) =>
      item.locator('.fund-figures div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await figure(f.fund.notSettle).textContent()).toBe(money(card.not_settle_amt));
    expect(await figure(f.fund.toSettle).textContent()).toBe(money(card.to_settle_amt));
    expect(await figure(f.fund.settling).textContent()).toBe(money(card.settling_amt));
    expect(await figure(f.fund.settled).textContent()).toBe(money(card.settled_amt));
    // 90 days were paid out to it.
    expect(card.settled_amt).toBeGreaterThan(0);
    await visible(page.getByText(f.fund.schedule));
    await visible(page.getByText(f.fund.fee));
    const total = answer.data.reduce((sum, a) => sum + a.balance, 0);
    expect(await page.locator('.fund-total-value').textContent()).toBe(money(total));
    await stillSnap(page, 'funds-fund');
  });

  it("follows the card to its settlement records, newest first, with the spec's state labels", async () => {
    const expected = await records({ merchant_id: card.merchant_id });
    expect(expected.count).toBeGreaterThan(10);
    await page
      .locator('li.fund-card', { hasText: card.acct_no_encry })
      .getByRole('link', { name: new RegExp(f.fund.records) })
      .click();
    await page.waitForURL(`${server.url}/settle?account=${card.merchant_id}`);
    const list = page.getByRole('list', { name: f.settle.listLabel });
    await visible(list.locator('li').first());
    await visible(page.getByText(fill(f.settle.count, { count: expected.count })));
    const first = expected.data[0]!;
    const firstCard = list.locator('li').first();
    expect(await firstCard.locator('.settle-date').textContent()).toBe(dateOf(first.settle_date));
    expect(await firstCard.locator('.settle-amount').textContent()).toBe(money(first.settle_amt));
    expect(await firstCard.locator('.settle-status').textContent()).toBe(
      SETTLEMENT_LABELS[settlementState(first.settle_status)]['en-US'],
    );
    await stillSnap(page, 'funds-settle');
  });

  it('narrows the records to the successful ones and turns a page', async () => {
    await page
      .getByRole('button', { name: new RegExp(f.settle.status) })
      .first()
      .click();
    const picker = page.locator('.adm-picker', { has: page.getByText(f.settle.status, { exact: true }) });
    const success = SETTLEMENT_LABELS.success['en-US'];
    // The wheel's screen-reader buttons (antd-mobile labels them in Chinese) step to "Success".
    const current = picker.locator('[aria-label^="当前选择的是"]');
    for (let i = 0; i < 6; i++) {
      if ((await current.getAttribute('aria-label'))?.endsWith(success)) break;
      await picker.locator('[aria-label^="选择下一项"]').dispatchEvent('click');
      await page.waitForTimeout(150);
    }
    await expect.poll(() => current.getAttribute('aria-label')).toContain(success);
    await picker.getByRole('button', { name: 'Confirm' }).click();
    await picker.waitFor({ state: 'hidden' });
    const expected = await records({ merchant_id: card.merchant_id, settle_status: 'success' });
    await visible(page.getByText(fill(f.settle.count, { count: expected.count })));
    const list = page.getByRole('list', { name: f.settle.listLabel });
    await expect
      .poll(async () => {
        const states = await list.locator('.settle-status').allTextContents();
        return states.length > 0 && states.every((s) => s === success);
      })
      .toBe(true);
    expect(expected.count).toBeGreaterThan(10);
    const second = await records({ merchant_id: card.merchant_id, settle_status: 'success' }, 2);
    await page.getByRole('button', { name: fill(en.components.pageN, { page: 2 }) }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => list.locator('li .settle-date').first().textContent())
      .toBe(dateOf(second.data[0]!.settle_date));
  });

  it("opens a record's detail: the amounts, and the orders and refunds it covers", async () => {
    const shown = await records({ merchant_id: card.merchant_id, settle_status: 'success' }, 2);
    const record = shown.data[0]!;
    const detail = await api<{ record: Settlement; lines: { data: Line[]; count: number } }>(
      '/api/v1/b/getSettleDetail',
      { id: record.id, pageNum: 1, pageSize: 20 },
    );
    const date = dateOf(record.settle_date);
    await page.getByRole('button', { name: fill(f.settle.open, { date }) }).click();
    const sheet = page.getByRole('region', { name: fill(f.detail.title, { date }) });
    await visible(sheet);
    const sum = (label: string) =>
      sheet.locator('dl.settle-sums div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await sum(f.detail.income).textContent()).toBe(money(record.income_amt));
    expect(await sum(f.detail.poundage).textContent()).toBe(money(record.poundage));
    expect(await sum(f.detail.settleAmt).textContent()).toBe(money(record.settle_amt));
    await visible(sheet.getByText(fill(f.detail.linesCount, { count: detail.lines.count })));
    const lines = sheet.getByRole('list', { name: f.detail.lines });
    await expect.poll(() => lines.locator('li').count()).toBe(Math.min(20, detail.lines.count));
    const firstLine = detail.lines.data[0]!;
    expect(await lines.locator('li').first().textContent()).toContain(firstLine.orderno);
    await stillSnap(page, 'funds-settle-detail');
    // The sheet holds to WCAG 2 A/AA like every screen (accessibility.e2e.ts checks the screens without it).
    expect(await seriousViolations(page, 'settlement detail sheet')).toEqual([]);
  });
});

describe('who may see funds (1036)', () => {
  async function staffWith(
    name: string,
    permissions: number[],
  ): Promise<{ phone: string; password: string }> {
    const { roleid } = await api<{ roleid: number }>('/api/v1/a/addRole', {
      name: `E2E ${name}`,
      note: 'funds e2e',
      permissions,
    });
    const password = 'staff12345';
    const added = await api<{ login_name: string }>('/api/v1/u/addSubUser', {
      sub_username: name,
      nickname: `E2E ${name}`,
      roleid,
      all_device: 1,
      password,
      confirm_password: password,
    });
    return { phone: added.login_name, password };
  }

  async function openAs(account: { phone: string; password: string }, path: string): Promise<Page> {
    const staffContext = await phoneContext(browser, { locale: 'en-US' });
    const staffPage = await staffContext.newPage();
    await staffPage.goto(`${server.url}/login`);
    await staffPage.getByPlaceholder(en.auth.usernamePlaceholder).fill(account.phone);
    await staffPage.getByPlaceholder(en.auth.passwordPlaceholder).fill(account.password);
    await staffPage.getByRole('button', { name: en.auth.login, exact: true }).click();
    await staffPage.waitForURL((url) => url.pathname !== '/login');
    await openPath(staffPage, server, path);
    return staffPage;
  }

  it('staff holding payout records see the accounts; staff without it are told to ask the main account', async () => {
    const payouts = await staffWith('payouts', [PERMISSIONS.Settle]);
    const cardsOnly = await staffWith('cardsonly', [PERMISSIONS.BankManage]);
    const allowed = await openAs(payouts, '/fund');
    await visible(allowed.getByRole('heading', { name: f.fund.scheduleTitle }));
    await stillSnap(allowed, 'funds-staff');
    await visible(allowed.locator('li.fund-card').first());
    expect(await allowed.getByText(f.noPermission).count()).toBe(0);
    await allowed.context().close();
    const refused = await openAs(cardsOnly, '/settle');
    await visible(refused.getByText(f.noPermission));
    expect(await refused.getByRole('list', { name: f.settle.listLabel }).count()).toBe(0);
    await refused.context().close();
  });

  it('a custom range shows each day whole, under its label, at 375 px', async () => {
    await openPath(page, server, '/settle');
    await page.getByRole('tab', { name: en.components.custom, exact: true }).click();
    for (const label of [en.components.startDate, en.components.endDate]) {
      const day = page
        .getByRole('button', { name: new RegExp(label) })
        .locator('span')
        .last();
      await visible(day);
      expect(await day.textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // One line box: 'Start date 2026-11-28' side by side broke the day at a hyphen ('2026-' over '11-28').
      expect(await day.evaluate((el) => el.getClientRects().length)).toBe(1);
    }
    await stillSnap(page, 'funds-settle-custom');
  });
});
