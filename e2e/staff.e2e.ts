import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import {
  appShown,
  DEMO,
  logInPage,
  merchantApi,
  stillSnap as shot,
  visible,
  type MerchantApi,
} from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { deliveredSale, demoMachinesOnline, sellOnce, type Sale } from './support/sales';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * The main account makes a role (bills, refund, devices) and a staff member limited to one store, with an
 * operation password; the staff member sees that store's machines and bills only, refunds with the password and
 * meets no staff screen; then the main account turns the password off and resets the login password, which ends
 * the staff member's session. Runs on the demo merchant: its three machines stand in three stores.
 */

const en = texts('en-US');
const b = bills['en-US'];
const ROLE = 'E2E Cashier';
const CLERK = {
  account: 'clerk1',
  name: 'E2E Clerk',
  password: 'clerk123',
  newPassword: 'clerk456',
  operPassword: '246810',
};

interface Machine {
  sn: string;
  title: string;
  type: string;
  store: { _id: number; store_name: string } | null;
}

let server: RunningServer;
let browser: Browser;
let mainContext: BrowserContext;
let staffContext: BrowserContext;
let page: Page;
let staffPage: Page;
let loginName = '';
/** Calls as the main account (its own session, beside the browser's). */
let api: MerchantApi;
/** The machine in the staff member's store, and one standing in another store. */
let own: Machine;
let other: Machine;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  await demoMachinesOnline(server);
  api = await merchantApi(server);
  const machines = await api<{ data: Machine[] }>('/api/v1/d/getDev', { pageNum: 1, pageSize: 10 });
  own = machines.data.find((m) => m.type === 'vm' && m.store)!;
  other = machines.data.find((m) => m.store && m.store._id !== own.store!._id)!;
  if (!own || !other) throw new Error('the demo machines do not stand in two stores');
  browser = await launchBrowser();
  mainContext = await phoneContext(browser, { locale: 'en-US' });
  staffContext = await phoneContext(browser, { locale: 'en-US' });
  page = await mainContext.newPage();
  staffPage = await staffContext.newPage();
}, 180_000);

afterAll(async () => {
  await mainContext?.close();
  await staffContext?.close();
  await browser?.close();
  await server?.stop();
});

/** Logs in again after the session ended: the app goes back to the page it ended on, not home. */
async function logInAgain(on: Page, username: string, password: string): Promise<void> {
  await on.goto(`${server.url}/login`);
  await on.getByPlaceholder(en.auth.usernamePlaceholder).fill(username);
  await on.getByPlaceholder(en.auth.passwordPlaceholder).fill(password);
  await on.getByRole('button', { name: en.auth.login, exact: true }).click();
  await on.waitForURL((url) => url.pathname !== '/login');
}

const sheet = (title: string) => page.locator('.sheet', { has: page.getByRole('heading', { name: title }) });
const staffCard = () => page.locator('li.entity-card', { hasText: CLERK.name });

/** The staff member's sales bills narrowed to one order number through the filter sheet. */
async function billsOf(orderNo: string): Promise<void> {
  await staffPage.getByRole('button', { name: b.filters.more }).click();
  await staffPage.getByLabel(b.filters.orderNo).fill(orderNo);
  await staffPage.getByRole('button', { name: b.filters.apply }).click();
}

/** Opens an order of the staff member's list and asks for its full refund. */
async function startRefund(sale: Sale): Promise<void> {
  await staffPage.goto(`${server.url}/buyBill`);
  await billsOf(sale.orderNo);
  const card = staffPage.getByRole('button', { name: new RegExp(sale.orderNo) });
  await visible(card);
  await card.click();
  await visible(staffPage.getByRole('heading', { name: b.detail.title }));
  await staffPage.getByRole('button', { name: b.refund.submit }).click();
}

async function refundable(orderNo: string): Promise<number> {
  const list = await api<{ data: Array<{ refundable: number }> }>('/api/v1/b/getBuyBill', {
    pageNum: 1,
    pageSize: 10,
    condition: { order_no: orderNo },
  });
  if (!list.data[0]) throw new Error(`order ${orderNo} is not in the main account's bills`);
  return list.data[0].refundable;
}

describe('the main account manages staff and roles', () => {
  it('logs in as the demo merchant', async () => {
    await logInPage(page, server);
  });

  it('creates a role with bills, refund and devices', async () => {
    await page.goto(`${server.url}/staff?tab=roles`);
    await page.getByRole('button', { name: en.staff.role.add }).first().click();
    const form = sheet(en.staff.role.addTitle);
    await visible(form);
    await form.getByLabel(en.staff.role.name).fill(ROLE);
    await form.getByLabel(en.staff.role.note).fill('Takes payments');
    // Saving without a permission names the rule.
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(form.getByText(en.staff.role.noPermission));
    await form.locator('.perm-check', { hasText: /^Bills$/ }).click();
    await form.locator('.perm-check', { hasText: /^Refund$/ }).click();
    await form.locator('.perm-check', { hasText: /^Device management$/ }).click();
    await form.getByRole('button', { name: en.components.save }).click();
    const card = page.locator('li.entity-card', { hasText: ROLE });
    await visible(card);
    await visible(card.getByText('Refund', { exact: true }));
    await shot(page, 'staff-roles');
  });

  it('adds a staff member limited to one store, with an operation password, every rule checked inline', async () => {
    await page.getByRole('tab', { name: en.staff.tabs.staff }).click();
    await page.getByRole('button', { name: en.staff.staff.add }).first().click();
    const form = sheet(en.staff.staff.addTitle);
    await visible(form);
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(form.locator('.field-error').first());
    await form.getByLabel(en.staff.staff.account).fill(CLERK.account);
    await form.getByLabel(en.staff.staff.name).fill(CLERK.name);
    await form.locator('#staff-password').fill(CLERK.password);
    await form.locator('#staff-confirm-password').fill(CLERK.password);
    await form.getByRole('switch', { name: en.staff.staff.operSwitch }).click();
    await form.locator('#staff-oper-pwd').fill(CLERK.operPassword);
    await form.locator('#staff-confirm-oper-pwd').fill('246811');
    await form.locator('#staff-role').getByText(ROLE, { exact: true }).click();
    await form.getByRole('switch', { name: en.staff.staff.allStores }).click();
    await form.locator('#staff-stores .adm-selector-item', { hasText: own.store!.store_name }).click();
    await form.getByRole('button', { name: en.components.save }).click();
    // The confirmation differs: named on its field, nothing saved.
    await visible(form.getByText(en.staff.rules.passwordsDiffer));
    await form.locator('#staff-confirm-oper-pwd').fill(CLERK.operPassword);
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(staffCard());
    await visible(staffCard().getByText(ROLE));
    await visible(staffCard().getByText(own.store!.store_name));
    expect(await staffCard().getByRole('switch', { name: en.staff.staff.operSwitch }).isChecked()).toBe(true);
    loginName = (await staffCard().locator('.staff-login').textContent())?.trim() ?? '';
    expect(loginName.startsWith(`${CLERK.account}@`)).toBe(true);
    await shot(page, 'staff-list');
  });
});

describe('the staff member works inside the role and the store', () => {
  let ownSale: Sale;
  let otherSale: Sale;

  it('logs in and sees only the tiles of the role: no staff or notification tile, no staff screen', async () => {
    await logInPage(staffPage, server, { phone: loginName, password: CLERK.password });
    const tiles = staffPage.locator('.tiles-card .tile-label');
    await visible(tiles.first());
    expect(await tiles.allTextContents()).toEqual([en.home.tiles.buyBill, en.home.tiles.deviceManage]);
    await shot(staffPage, 'staff-home');
    await staffPage.goto(`${server.url}/staff`);
    await visible(staffPage.getByText(en.staff.mainOnly));
    // Nor notifications: the screen says why and asks the server nothing it would refuse.
    await staffPage.goto(`${server.url}/notification`);
    await visible(staffPage.getByText(en.notify.mainOnly));
    await staffPage.waitForTimeout(500);
    expect(await staffPage.locator('.adm-toast-mask').count()).toBe(0);
  });

  it('sees only the machines of the store', async () => {
    await staffPage.goto(`${server.url}/deviceManage`);
    const cards = staffPage.locator('li.dv-card');
    await visible(cards.first());
    await appShown(staffPage);
    await expect.poll(() => cards.count()).toBe(1);
    await visible(cards.getByText(own.title));
    expect(await staffPage.getByText(other.title).count()).toBe(0);
    await shot(staffPage, 'staff-devices');
  });

  it("sees the store's sales but not a sale made in another store", async () => {
    ownSale = await deliveredSale(server, own.sn);
    otherSale = await sellOnce(server, other.sn);
    // The main account sees both.
    await refundable(otherSale.orderNo);
    await staffPage.goto(`${server.url}/buyBill`);
    const list = staffPage.getByRole('list', { name: b.listLabel });
    await visible(list.locator('li').first());
    const machines = await list.locator('.bill-line:not(.muted)').allTextContents();
    expect(machines.length).toBeGreaterThan(0);
    expect(machines.every((line) => line.startsWith(`${own.sn} `))).toBe(true);
    // The role has no report download (1033).
    expect(await staffPage.getByRole('button', { name: en.report.download }).count()).toBe(0);
    await shot(staffPage, 'staff-bills');
    await billsOf(otherSale.orderNo);
    await visible(staffPage.getByText(b.empty));
    await billsOf(ownSale.orderNo);
    await visible(staffPage.getByRole('button', { name: new RegExp(ownSale.orderNo) }));
  });

  it('refunds a sale of the store with the operation password', async () => {
    await startRefund(ownSale);
    // The keypad, telling staff that only the main account sets their password; a wrong one refunds nothing.
    await visible(staffPage.getByText(en.components.operPwdStaffHint));
    for (const digit of '111111') await staffPage.getByRole('button', { name: digit, exact: true }).click();
    await visible(staffPage.getByText(en.components.operPwdVerifyFailed));
    expect(await refundable(ownSale.orderNo)).toBeGreaterThan(0);
    for (const digit of CLERK.operPassword) {
      await staffPage.getByRole('button', { name: digit, exact: true }).click();
    }
    await visible(staffPage.getByText(b.refund.done));
    await expect.poll(() => refundable(ownSale.orderNo), { timeout: 15_000 }).toBe(0);
  });
});

describe("the main account takes the staff member's passwords in hand", () => {
  let secondSale: Sale;

  it("turns the staff member's operation password off", async () => {
    await page.reload();
    const operSwitch = staffCard().getByRole('switch', { name: en.staff.staff.operSwitch });
    await visible(operSwitch);
    await operSwitch.click();
    await visible(page.getByText(en.staff.staff.operOff));
    await expect.poll(() => operSwitch.isChecked()).toBe(false);
  });

  it("resets the staff member's login password, which ends their session", async () => {
    await staffCard().getByRole('button', { name: en.staff.staff.resetPwd }).click();
    const form = page.locator('.sheet', { hasText: en.staff.staff.confirmPassword });
    await visible(form);
    await form.locator('#reset-password').fill(CLERK.newPassword);
    await form.locator('#reset-confirm').fill(CLERK.newPassword);
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(page.getByText(en.staff.staff.resetDone));
    // The staff member's next call is refused and the app goes back to the login screen.
    await staffPage.reload();
    await staffPage.waitForURL(/\/login/, { timeout: 15_000 });
  });

  it('the staff member logs in with the new password and refunds without the keypad', async () => {
    secondSale = await deliveredSale(server, own.sn);
    await logInAgain(staffPage, loginName, CLERK.newPassword);
    await startRefund(secondSale);
    await visible(staffPage.getByText(b.refund.done));
    expect(await staffPage.getByText(en.components.operPwdSetHint).count()).toBe(0);
    await expect.poll(() => refundable(secondSale.orderNo), { timeout: 15_000 }).toBe(0);
  });
});

describe("the main account's notification and overview screens", () => {
  it('asks for a notification bind link and shows it to copy', async () => {
    await page.goto(`${server.url}/notification`);
    // The demo's manager, bound through the sandbox WeChat, with their nickname and alert kinds.
    const manager = page.locator('li.entity-card', { hasText: 'Manager Li' });
    await visible(manager);
    await visible(manager.getByText('Abnormal orders'));
    await shot(page, 'notify-list');
    await page.getByRole('button', { name: en.notify.add }).first().click();
    const form = sheet(en.notify.addTitle);
    await visible(form);
    await form.getByLabel(en.notify.remarks).fill('E2E manager');
    await form.getByRole('button', { name: en.notify.next }).click();
    const link = page.getByTestId('notify-bind-url');
    await visible(link);
    expect(await link.textContent()).toContain('/p/v1/wxnotify/bind');
    await visible(page.getByRole('button', { name: en.notify.copy }));
    await shot(page, 'notify-link');
  });

  it('shows the hidden overview', async () => {
    await page.goto(`${server.url}/overview`);
    await appShown(page);
    await visible(page.getByText(en.overview.health));
    await page.waitForTimeout(300);
    await visible(page.getByText(DEMO.phone).first());
    await shot(page, 'overview');
  });
});
