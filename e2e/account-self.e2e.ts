import type { Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, logInPage, merchantApi, stillSnap as shot, visible } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { setAppExtend } from './support/machines';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * A staff member's own settings, as spec §6 words them, for a sub-account without a phone (the phone is optional)
 * whose bank cards are "only items I added": with self-service login-password reset on, "Get code" says the
 * sub-account has no phone and the main account has to add one (not "contact support"); home does not ask them
 * for a first bank card while the merchant's card is one they cannot see; /overview says no operation password.
 */

const PASSWORD = 'self1234';

let server: RunningServer;
let browser: Browser;
let login = '';

beforeAll(async () => {
  server = await startServer();
  const api = await merchantApi(server);
  const { roleid } = await api<{ roleid: number }>('/api/v1/a/addRole', {
    name: 'E2E Cards',
    note: 'e2e',
    permissions: [1021, 1029],
  });
  login = (
    await api<{ login_name: string }>('/api/v1/u/addSubUser', {
      sub_username: 'nophone1',
      nickname: 'No Phone',
      roleid,
      all_device: 1,
      bank_own_only: 1,
      password: PASSWORD,
      confirm_password: PASSWORD,
    })
  ).login_name;
  await setAppExtend(server, DEMO.phone, 'Account', 'subuser_self_reset_password=1');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a sub-account without a phone, its cards only its own', () => {
  it.each(['en-US', 'zh-CN', 'zh-TW'] as const)(
    '%s: home, the login-password reset and /overview say what applies to it',
    async (locale: Locale) => {
      const t = texts(locale);
      const context = await phoneContext(browser, { locale });
      const page = await context.newPage();
      try {
        await logInPage(page, server, { phone: login, password: PASSWORD }, locale);
        // The merchant's approved card is not in their list, and they are not asked for one of their own.
        await visible(page.getByRole('link', { name: t.home.tiles.bankCard }));
        expect(await page.getByText(t.home.bank.none).count()).toBe(0);
        expect(await page.getByText(t.home.alerts.addBankCard).count()).toBe(0);

        // Without a phone the menu says at once what to do, instead of a form whose code cannot be sent.
        await page.getByRole('button', { name: t.common.actions.menu }).click();
        await page.getByText(t.layout.resetLoginPwd).click();
        const noPhone = rcodeText(RCODE.STAFF_NO_PHONE)![locale];
        await visible(page.getByText(noPhone).first());
        expect(await page.getByRole('button', { name: t.auth.getCode }).count()).toBe(0);
        expect(await page.getByText(rcodeText(RCODE.NO_PHONE_BOUND)![locale]).count()).toBe(0);
        await shot(page, `account-self-no-phone-${locale}`);
        await page.getByRole('button', { name: t.common.actions.ok }).click();
        await page.goto(`${server.url}/overview`);
        await visible(page.getByText(t.overview.operNotSet));
        expect(await page.getByText(t.overview.none, { exact: true }).count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
