import type { Locale } from '@vendo/contract/locales';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEMO, logInPage } from './app';
import { launchBrowser, phoneContext } from './browser';
import { startServer, type RunningServer } from './server';

/** What a file's tests share: its server, and one phone logged in to it. */
export interface PhoneSuite {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * A server and a phone in the WeChat browser logged in to it (the demo merchant unless told), started before the
 * file's tests and closed after them. The fields are there once the tests run (read them inside a test).
 */
export function loggedInPhone(
  options: { locale?: Locale; account?: { phone: string; password: string } } = {},
): PhoneSuite {
  const locale = options.locale ?? 'en-US';
  const suite: Partial<PhoneSuite> = {};
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
    suite.context = await phoneContext(suite.browser, { locale });
    suite.page = await suite.context.newPage();
    await logInPage(suite.page, suite.server, options.account ?? DEMO, locale);
  });
  afterAll(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite as PhoneSuite;
}
