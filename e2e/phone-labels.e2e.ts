import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import home from '../packages/web/src/i18n/resources/home';
import { appShown, logInPage, openPath, visible } from './support/app';
import { phoneContext, settle, snap } from './support/browser';
import { loggedInPhone } from './support/phone-suite';

/**
 * English labels on a 375-px phone stay on one line: the home tiles, the home figures (in all three languages) and
 * the sales-bill filter's amount fields (their labels wrapped to a second line: 'Lowest amount / (yuan)',
 * 'Location / stats', 'Sub- / accounts', 'Successful / payments').
 */

const b = bills['en-US'];

const phone = loggedInPhone();

/** The labels among `labels` that take more than one line box (text wrapped). */
async function wrapped(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((elements) =>
    elements
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1;
      })
      .map((el) => el.textContent ?? ''),
  );
}

describe('English labels at 375 px', () => {
  it('home tiles each read on one line', async () => {
    const { page, server } = phone;
    await openPath(page, server, '/');
    const labels = page.locator('.tile-label');
    await visible(labels.filter({ hasText: home['en-US'].tiles.dashboard }));
    await page.locator('.tiles-card').first().scrollIntoViewIfNeeded();
    await settle(page);
    await snap(page, 'phone-labels-home');
    await page.locator('.tiles-card').last().scrollIntoViewIfNeeded();
    await settle(page);
    await snap(page, 'phone-labels-home-more');
    expect(await labels.count()).toBeGreaterThan(10);
    expect(await wrapped(labels)).toEqual([]);
  });

  it.each(['en-US', 'zh-CN', 'zh-TW'] as const)(
    'the home figures each read on one line (%s)',
    async (locale) => {
      const { browser, page: enPage, server } = phone;
      // The suite's phone is in English; the Chinese ones are phones of their own, logged in the same way.
      const context = locale === 'en-US' ? null : await phoneContext(browser, { locale });
      try {
        const page: Page = context ? await context.newPage() : enPage;
        if (context) await logInPage(page, server, undefined, locale);
        await openPath(page, server, '/');
        const labels = page.locator('.figures-grid dt');
        await visible(labels.filter({ hasText: home[locale].figures.successCount }));
        // The figures themselves, not the dashes shown while they load.
        await visible(page.locator('.figures-panel[aria-busy="false"]'));
        await settle(page);
        await snap(page, `phone-labels-figures-${locale}`);
        expect(await labels.count()).toBeGreaterThanOrEqual(4);
        expect(await wrapped(labels)).toEqual([]);
        // Every figure as tall as the others: a label on two lines made its row taller and pushed its value down.
        const heights = await page
          .locator('.figures-grid > *')
          .evaluateAll((rows) => [
            ...new Set(rows.map((row) => Math.round(row.getBoundingClientRect().height))),
          ]);
        expect(heights).toHaveLength(1);
      } finally {
        await context?.close();
      }
    },
  );

  it("the sales-bill filter's amount fields each read on one line", async () => {
    const { page, server } = phone;
    await openPath(page, server, '/buyBill');
    await appShown(page);
    await page.getByRole('button', { name: b.filters.more }).click();
    const form = page.getByRole('form', { name: b.filters.more });
    await visible(form.getByText(b.filters.priceStart));
    await settle(page);
    await snap(page, 'phone-labels-bill-filter');
    const labels = form.locator('.field-label');
    expect(await wrapped(labels)).toEqual([]);
  });
});
