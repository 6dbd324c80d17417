import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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
