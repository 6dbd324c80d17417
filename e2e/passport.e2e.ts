import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import passportTexts from '../packages/web/src/i18n/resources/passport';
import { DEMO, fill, stillSnap as shot, visible } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * Logging in with WeChat (the sandbox messaging app's real OAuth flow): the first time the identity has no
 * account, so /BindPassport links the demo merchant and its staff member; the identity switches between them,
 * names them, and the next WeChat login goes straight in through /PassportLoading as the account used last;
 * unlinking removes one. Without the hand-over's token and secret the screens say they failed to get user info.
 */

const en = texts('en-US');
const p = passportTexts['en-US'];
const CLERK = { login: 'clerk@13800138000', password: 'clerk123456' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  await demoMachinesOnline(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const account = (login: string) =>
  page.locator('li.passport-account', {
    has: page.locator('.passport-account-name', { hasText: new RegExp(`^${login}$`) }),
  });
const form = () => page.locator('form', { has: page.getByRole('button', { name: p.bind, exact: true }) });

async function linkAccount(login: string, password: string): Promise<void> {
  await form().getByLabel(p.account).fill(login);
  await form().locator('#passport-password').fill(password);
  await form().getByRole('button', { name: p.bind, exact: true }).click();
}

/** The home screen's statement, shown after each login. */
async function closeStatement(on: Page): Promise<void> {
  const ok = on.getByRole('button', { name: en.home.statement.ok });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

async function openMenu(): Promise<void> {
  await page.getByRole('button', { name: en.common.actions.menu }).click();
  await visible(page.getByRole('navigation', { name: en.layout.menu }));
}

describe('logging in with WeChat', () => {
  it('the first time, the hand-over lands on /BindPassport with a bind ticket', async () => {
    await page.goto(`${server.url}/login`);
    // The messaging app is the sandbox: the button says so, and so does the screen it leads to.
    await visible(page.getByText(en.auth.sandboxWechat));
    await page.getByRole('button', { name: en.auth.wechatLogin }).click();
    await page.waitForURL(/\/BindPassport\?token=\w+&secret=\w+/);
    await visible(page.getByRole('heading', { name: p.title }));
    await visible(page.getByText(p.none));
    await visible(page.getByText(en.auth.sandboxWechat));
    await shot(page, 'passport-bind');
  });

  it('asks for both account and password, and shows the server refusing a wrong password', async () => {
    await form().getByRole('button', { name: p.bind, exact: true }).click();
    await visible(form().getByText(p.empty));
    await linkAccount(DEMO.phone, 'not-the-password');
    const wrong = rcodeText(RCODE.WRONG_CREDENTIALS)!['en-US'];
    await visible(form().getByText(wrong));
    await visible(page.getByText(p.none));
  });

  it('links the demo merchant and logs in to it', async () => {
    await linkAccount(DEMO.phone, DEMO.password);
    await visible(account(DEMO.phone));
    await visible(account(DEMO.phone).getByText(p.main));
    await visible(account(DEMO.phone).getByText(p.current));
    // The ticket became a session of the account: the address no longer carries it.
    expect(page.url()).not.toContain('token=');
  });

  it('links the staff member too, names it, and switches back to the merchant', async () => {
    await linkAccount(CLERK.login, CLERK.password);
    await visible(account(CLERK.login));
    await visible(account(CLERK.login).getByText(p.sub));
    await visible(account(CLERK.login).getByText(p.current));
    expect(await account(DEMO.phone).getByText(p.current).count()).toBe(0);

    const remarks = account(CLERK.login).getByRole('textbox', { name: `${p.remarks} ${CLERK.login}` });
    await remarks.fill('Front desk');
    await remarks.press('Enter');
    await visible(page.getByText(p.saved));

    await account(DEMO.phone).getByRole('button', { name: p.switchTo }).click();
    await visible(account(DEMO.phone).getByText(p.current));
    await expect.poll(() => account(CLERK.login).getByText(p.current).count()).toBe(0);
    await shot(page, 'passport-linked');
  });

  it('goes home as the merchant', async () => {
    await page.getByRole('button', { name: p.toHome }).click();
    await page.waitForURL(`${server.url}/`);
    await closeStatement(page);
    await visible(page.getByText(en.home.tiles.staff, { exact: true }));
  });

  it('the next WeChat login goes straight in through /PassportLoading as the account used last', async () => {
    await openMenu();
    await page.getByText(en.layout.logout).click();
    await page.waitForURL(/\/login/);
    const pages: string[] = [];
    page.on('framenavigated', (frame) => pages.push(new URL(frame.url()).pathname));
    await page.getByRole('button', { name: en.auth.wechatLogin }).click();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    expect(pages).toContain('/PassportLoading');
    await closeStatement(page);
    await visible(page.getByText(en.home.tiles.staff, { exact: true }));
  });

  it('the side menu opens the linked accounts, where one is unlinked', async () => {
    await openMenu();
    await page.getByText(en.layout.linkedAccounts).click();
    await page.waitForURL(/\/BindPassport$/);
    await visible(account(CLERK.login));
    await expect
      .poll(() =>
        account(CLERK.login)
          .getByRole('textbox', { name: `${p.remarks} ${CLERK.login}` })
          .inputValue(),
      )
      .toBe('Front desk');
    await account(CLERK.login).getByRole('button', { name: p.unbind }).click();
    const dialog = page.locator('.adm-dialog', { hasText: p.unbindTitle });
    await visible(dialog.getByText(fill(p.unbindText, { account: CLERK.login })));
    await dialog.getByRole('button', { name: p.unbind }).click();
    await visible(page.getByText(p.unbound));
    await shot(page, 'passport-after-unlink');
    await expect.poll(() => account(CLERK.login).count()).toBe(0);
    await visible(account(DEMO.phone).getByText(p.current));
  });
});

describe('without the hand-over', () => {
  let stranger: BrowserContext;
  let other: Page;

  beforeAll(async () => {
    stranger = await phoneContext(browser, { locale: 'en-US' });
    other = await stranger.newPage();
  });

  afterAll(async () => {
    await stranger?.close();
  });

  it('/BindPassport fails to get user info and offers the way back', async () => {
    await other.goto(`${server.url}/BindPassport`);
    await visible(other.getByText(rcodeText(RCODE.USER_INFO_FAILED)!['en-US']));
    await visible(other.getByRole('button', { name: p.back }).last());
    await shot(other, 'passport-missing');
  });

  it('/BindPassport with an expired or made-up ticket says so, with no form to fill', async () => {
    await other.goto(`${server.url}/BindPassport?token=expired&secret=ticket`);
    await visible(other.getByText(p.expiredHint));
    await visible(other.getByText(rcodeText(RCODE.USER_INFO_FAILED)!['en-US']));
    expect(await other.getByRole('button', { name: p.bind }).count()).toBe(0);
    await visible(other.getByRole('button', { name: p.back }).last());
  });

  it('/PassportLoading says the login failed and leads to the login screen', async () => {
    await other.goto(`${server.url}/PassportLoading?token=only`);
    await visible(other.getByText(en.common.passport.failed));
    await other.getByRole('button', { name: en.common.actions.toLogin }).click();
    await other.waitForURL(/\/login/);
  });
});
