import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import bills from '../packages/web/src/i18n/resources/bills';
import home from '../packages/web/src/i18n/resources/home';
import { appShown, openPath, visible } from './support/app';
import { settle, snap } from './support/browser';
import { loggedInPhone } from './support/phone-suite';

/**
 * English labels on a 375-px phone stay on one line: the home tiles and the sales-bill filter's amount fields
 * (their labels wrapped to a second line: 'Lowest amount / (yuan)', 'Location / stats', 'Sub- / accounts').
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
