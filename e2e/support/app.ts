/* The merchant app in a browser test: its calls as a logged-in account, logging in, and page helpers. */
import type { Locale } from '@vendo/contract/locales';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle, snap } from './browser';
import type { RunningServer } from './server';
import { texts } from './texts';

/** The demo merchant of `npm start` (and of every test server in demo mode), with its operation password. */
export const DEMO = { phone: '13800138000', password: 'demo123456', operPassword: '123456' };

/** A merchant app call as a logged-in account: answers the result, throws with the server's msg otherwise. */
export type MerchantApi = <T = unknown>(path: string, body?: unknown) => Promise<T>;

/** Logs an account in through /p/v1/login and answers its calls (in English). */
export async function merchantApi(
  server: RunningServer,
  account: { phone: string; password: string } = DEMO,
): Promise<MerchantApi> {
  const login = await server.call<{ token: string; secret: string }>('/p/v1/login', {
    username: account.phone,
    password: account.password,
  });
  if (login.rcode !== 0) throw new Error(`login ${account.phone}: ${login.msg}`);
  const headers = { token: login.result.token, secret: login.result.secret };
  return async <T>(path: string, body: unknown = {}): Promise<T> => {
    const response = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { rcode: number; msg: string; result: T };
    if (answer.rcode !== 0) throw new Error(`${path}: ${answer.msg}`);
    return answer.result;
  };
}

/** Logs in on /login as a person does, and closes the statement home opens with. */
export async function logInPage(
  page: Page,
  server: RunningServer,
  account: { phone: string; password: string } = DEMO,
  locale: Locale = 'en-US',
): Promise<void> {
  const t = texts(locale);
  await page.goto(`${server.url}/login`);
  await page.getByPlaceholder(t.auth.usernamePlaceholder).fill(account.phone);
  await page.getByPlaceholder(t.auth.passwordPlaceholder).fill(account.password);
  await page.getByRole('button', { name: t.auth.login, exact: true }).click();
  await page.waitForURL(`${server.url}/`);
  const ok = page.getByRole('button', { name: t.home.statement.ok });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

/**
 * Waits until the app shows its screen: React has replaced index.html's static boot splash (the first render waits
 * for the screen's chunk and the stylesheets, after the page's load event) and its start-up screen has gone. Waiting
 * only for `.loading-screen` to be detached passed at once when it was not rendered yet, and the page was checked
 * and photographed with the splash on it.
 */
export async function appShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('boot') && !document.querySelector('.loading-screen'),
  );
}

/** Opens a path of the app and waits for its first screen. */
export async function openPath(page: Page, server: RunningServer, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await appShown(page);
}

/** A screenshot once the page is still: loading screen and toasts (one or more) gone, the sheets' slides finished. */
export async function stillSnap(page: Page, name: string): Promise<void> {
  await appShown(page);
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 6000 }).toBe(0);
  await settle(page);
  await snap(page, name);
}

/** Waits until something shows on the page. */
export async function visible(locator: ReturnType<Page['getByText']>, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
}

/** i18next's {{name}} placeholders, filled the way the app fills them. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}
