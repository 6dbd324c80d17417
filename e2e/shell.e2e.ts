import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_UA, launchBrowser, phoneContext, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

describe('the web shell', () => {
  let gated: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    gated = await startServer({ BROWSER_GATE: 'on' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await gated?.stop();
  });

  it('asks a desktop browser to open the app in the messaging or payment app when the gate is on', async () => {
    const context = await phoneContext(browser, { userAgent: DESKTOP_UA, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${gated.url}/login`);
    await expect.poll(() => page.getByText(texts('en-US').common.gate.title).first().isVisible()).toBe(true);
    await expect(page.getByPlaceholder(texts('en-US').auth.usernamePlaceholder).count()).resolves.toBe(0);
    await snap(page, 'gate-desktop');
    await context.close();
  });

  it('opens normally inside WeChat when the gate is on', async () => {
    const context = await phoneContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${gated.url}/login`);
    await expect
      .poll(() => page.getByPlaceholder(texts('en-US').auth.usernamePlaceholder).isVisible())
      .toBe(true);
    await context.close();
  });

  it('shows the Unknown page for a path that does not exist, in the language of the browser', async () => {
    for (const locale of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const context = await phoneContext(browser, { locale });
      const page = await context.newPage();
      await page.goto(`${gated.url}/no/such/page`);
      await expect.poll(() => page.getByText(texts(locale).routes.unknown).first().isVisible()).toBe(true);
      await context.close();
    }
  });

  it('sends a visitor who is not logged in from home to login', async () => {
    const context = await phoneContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${gated.url}/dashboard`);
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
