import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPath, stillSnap } from './app';
import type { RunningServer } from './server';

/** The WCAG levels the console meets (issue 12): A and AA, of WCAG 2.0. */
const TAGS = ['wcag2a', 'wcag2aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core over what the page shows now and answers its serious and critical violations, one readable block
 * each: the screen, the rule and its help, and every element it found with axe's summary of what to fix.
 */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
        return `    ${node.target.join(' > ')}\n      ${summary}`;
      });
      return `${screen}: ${violation.id} (${violation.impact}) ${violation.help}\n${nodes.join('\n')}`;
    });
}

/** A screen's screenshot file: a11y-home, a11y-sicAnalysisDetail-area-2, … */
function shotName(name: string): string {
  return `a11y-${name.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'home'}`;
}

/** Checks the page as it is now, once still; adds its violations to `found`. The screenshot lands in e2e/artifacts. */
export async function checkScreen(page: Page, name: string, found: string[]): Promise<void> {
  await stillSnap(page, shotName(name));
  found.push(...(await seriousViolations(page, name)));
}

export function expectNone(found: string[]): void {
  expect(found, `axe found serious or critical violations:\n\n${found.join('\n\n')}\n`).toEqual([]);
}

/** Opens and checks each path; fails with every violation found on any of them. */
export async function checkPaths(page: Page, server: RunningServer, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await openPath(page, server, path);
    await checkScreen(page, path, found);
  }
  expectNone(found);
}
