import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';
import passportTexts from '../packages/web/src/i18n/resources/passport';

const en = texts('en-US');
const DEMO = { phone: '13800138000', password: 'demo123456' };
const ROLE = 'E2E Cashier';
const CLERK = { account: 'clerk1', name: 'E2E Clerk', password: 'clerk123', newPassword: 'clerk456' };

let server: RunningServer;
let browser: Browser;
let mainContext: BrowserContext;
let staffContext: BrowserContext;
let page: Page;
let staffPage: Page;
let loginName = '';

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  browser = await launchBrowser();
  mainContext = await phoneContext(browser, { locale: 'en-US' });
  staffContext = await phoneContext(browser, { locale: 'en-US' });
  page = await mainContext.newPage();
  staffPage = await staffContext.newPage();
});

afterAll(async () => {
  await mainContext?.close();
  await staffContext?.close();
  await browser?.close();
  await server?.stop();
});

async function visible(locator: ReturnType<Page['getByText']>, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
}

async function logIn(on: Page, username: string, password: string): Promise<void> {
  await on.goto(`${server.url}/login`);
  await on.getByPlaceholder(en.auth.usernamePlaceholder).fill(username);
  await on.getByPlaceholder(en.auth.passwordPlaceholder).fill(password);
  await on.getByRole('button', { name: en.auth.login, exact: true }).click();
  await on.waitForURL(`${server.url}/`);
  const ok = on.getByRole('button', { name: en.home.statement.ok });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

/** A screenshot once the page is still: toasts gone and the sheets' slides finished. */
async function shot(name: string): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 6000 });
  await page.waitForTimeout(400);
  await snap(page, name);
}

const sheet = (title: string) => page.locator('.sheet', { has: page.getByRole('heading', { name: title }) });

describe('the main account manages staff and roles', () => {
  it('logs in as the demo merchant', async () => {
    await logIn(page, DEMO.phone, DEMO.password);
  });

  it('creates a role with bills and refund', async () => {
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
    await form.getByRole('button', { name: en.components.save }).click();
    const card = page.locator('li.entity-card', { hasText: ROLE });
    await visible(card);
    await visible(card.getByText('Refund', { exact: true }));
    await shot('staff-roles');
  });

  it('adds a staff member limited to one store, with every rule checked inline', async () => {
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
    await form.locator('#staff-role').getByText(ROLE, { exact: true }).click();
    await form.getByRole('switch', { name: en.staff.staff.allStores }).click();
    await form.locator('#staff-stores .adm-selector-item').first().click();
    await form.getByRole('button', { name: en.components.save }).click();
    const card = page.locator('li.entity-card', { hasText: CLERK.name });
    await visible(card);
    await visible(card.getByText(ROLE));
    loginName = (await card.locator('.staff-login').textContent())?.trim() ?? '';
    expect(loginName.startsWith(`${CLERK.account}@`)).toBe(true);
    await shot('staff-list');
  });

  it('the staff member logs in and sees no staff tile', async () => {
    await logIn(staffPage, loginName, CLERK.password);
    // The role's bills permission gives the sales-bills tile; sub-accounts are the main account's alone.
    await visible(staffPage.getByText(en.home.tiles.buyBill, { exact: true }));
    expect(await staffPage.getByText(en.home.tiles.staff, { exact: true }).count()).toBe(0);
  });

  it("resetting the staff member's login password ends their session", async () => {
    const card = page.locator('li.entity-card', { hasText: CLERK.name });
    await card.getByRole('button', { name: en.staff.staff.resetPwd }).click();
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

  it('asks for a notification bind link and shows it to copy', async () => {
    await page.goto(`${server.url}/notification`);
    await page.getByRole('button', { name: en.notify.add }).first().click();
    const form = sheet(en.notify.addTitle);
    await visible(form);
    await form.getByLabel(en.notify.remarks).fill('E2E manager');
    await form.getByRole('button', { name: en.notify.next }).click();
    const link = page.getByTestId('notify-bind-url');
    await visible(link);
    expect(await link.textContent()).toContain('/p/v1/wxnotify/bind');
    await visible(page.getByRole('button', { name: en.notify.copy }));
    await snap(page, 'notify-link');
  });

  it('shows the hidden overview', async () => {
    await page.goto(`${server.url}/overview`);
    await page.locator('.loading-screen').waitFor({ state: 'detached' });
    await visible(page.getByText(en.overview.health));
    await page.waitForTimeout(300);
    await visible(page.getByText(DEMO.phone).first());
    await snap(page, 'overview');
  });

  it('/BindPassport without the hand-over says so and offers the way back', async () => {
    await staffPage.goto(`${server.url}/BindPassport`);
    await visible(staffPage.getByText(passportTexts['en-US'].missing));
  });
});
