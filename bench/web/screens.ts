/**
 * Screenshots of home and the dashboard as the demo merchant sees them on a phone (375×667), in zh-CN and en-US,
 * once still and early in the load (at `--early MS` after navigation, default 700 ms), to compare a change of the
 * first screens before and after. Not a test: it writes PNGs for a person to look at.
 *
 *   node --import tsx bench/web/screens.ts --dist DIR --out DIR
 *
 * `--dist`: a built web app (`npx vite build --config packages/web/vite.config.ts --outDir DIR`); the server is
 * the compiled one (`node scripts/build-server.mjs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@vendo/contract/locales';
import { logInPage } from '../../e2e/support/app';
import { launchBrowser, phoneContext } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';

const argOf = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

async function main(): Promise<void> {
  const dist = argOf('--dist');
  const out = argOf('--out');
  if (!dist || !out) throw new Error('usage: screens.ts --dist DIR --out DIR [--early MS]');
  const early = Number(argOf('--early') ?? 700);
  fs.mkdirSync(out, { recursive: true });
  const server = await startServer({ WEB_DIST: path.resolve(dist) });
  const browser = await launchBrowser();
  try {
    for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
      const context = await phoneContext(browser, { locale });
      const login = await context.newPage();
      await logInPage(login, server, undefined, locale);
      await login.close();
      for (const [name, route] of [
        ['home', '/'],
        ['dashboard', '/dashboard'],
      ] as const) {
        const page = await context.newPage();
        await page.goto(server.url + route, { waitUntil: 'commit' });
        await page.waitForTimeout(early);
        await page.screenshot({ path: path.join(out, `${name}-${locale}-early.png`) });
        await page.locator('.loading-screen').waitFor({ state: 'detached' });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(out, `${name}-${locale}.png`) });
        await page.screenshot({ path: path.join(out, `${name}-${locale}-full.png`), fullPage: true });
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`screenshots in ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
