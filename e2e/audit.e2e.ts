import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KIND_LABELS } from '@vendo/contract/api/audit';
import audit from '../packages/web/src/i18n/resources/audit';
import { DEMO, logInPage, merchantApi, openPath, stillSnap, visible } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/*
 * The audit log (issue 20) on a phone: the demo merchant logs in and adds a role (a sensitive action); /auditLog
 * lists it with the login, its detail shows the role's fields before and after; a staff member is refused the
 * screen. Photographed as e2e/artifacts/audit-*.png.
 */

const a = audit['en-US'];
const ROLE = 'E2E auditors';
const CLERK = { account: 'auditclerk', password: 'clerk-pass-1' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('audit log', () => {
  it('shows a sensitive action and its detail to the main account', { timeout: 90_000 }, async () => {
    await logInPage(page, server);
    const api = await merchantApi(server);
    await api('/api/v1/a/addRole', { name: ROLE, note: 'reads bills', permissions: [1021] });
    await openPath(page, server, '/auditLog');
    const role = page.locator('li.audit-card', { hasText: AUDIT_KIND_LABELS.role['en-US'] });
    await visible(role);
    await visible(page.locator('li.audit-card', { hasText: AUDIT_KIND_LABELS.login['en-US'] }).first());
    await stillSnap(page, 'audit-list');
    const found = await seriousViolations(page, 'audit list');

    await role.getByRole('button').click();
    await visible(page.getByRole('heading', { name: a.detail.title }));
    const sheet = page.locator('.audit-detail');
    const row = sheet.locator('.audit-changes tr', { hasText: 'name' }).first();
    await visible(row.getByText(ROLE));
    await visible(sheet.getByText(DEMO.phone).first());
    await stillSnap(page, 'audit-detail');
    found.push(...(await seriousViolations(page, 'audit detail')));
    expect(found).toEqual([]);
  });

  it('refuses a staff member', { timeout: 60_000 }, async () => {
    const api = await merchantApi(server);
    await api('/api/v1/u/addSubUser', {
      sub_username: CLERK.account,
      nickname: 'Clerk',
      password: CLERK.password,
      confirm_password: CLERK.password,
      roleid: null,
      all_device: 1,
      store: [],
    });
    const staff = await phoneContext(browser, { locale: 'en-US' });
    const staffPage = await staff.newPage();
    await logInPage(staffPage, server, { phone: `${CLERK.account}@${DEMO.phone}`, password: CLERK.password });
    await staffPage.goto(`${server.url}/auditLog`);
    await visible(staffPage.getByText(a.mainOnly));
    expect(await staffPage.locator('li.audit-card').count()).toBe(0);
    await staff.close();
  });
});
