/**
 * Web app weight and speed: JS before first paint for /login and /, each route's own chunk, and Lighthouse mobile
 * performance scores (median of --runs, default 3) for /login as a first visit and for / and /dashboard logged in
 * as the demo merchant. Prints figures and their ratio to the goal; it is not a test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { logInPage } from '../../e2e/support/app';
import { launchBrowser, phoneContext } from '../../e2e/support/browser';
import { startServer, type RunningServer } from '../../e2e/support/server';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const GOALS = { firstScreenKb: 150, routeChunkKb: 60, customerPageKb: 80, lighthouse: 95 };
const argOf = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = Number(argOf('--runs') ?? 3) || 3;
/** `--routes /,/dashboard`: Lighthouse only these (default all three). */
const ROUTES = (argOf('--routes') ?? '/login,/,/dashboard').split(',');
/** `--lhr-dir DIR`: keep each Lighthouse run's report (JSON) there, to read its network requests and trace. */
const LHR_DIR = argOf('--lhr-dir');
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number) => n.toFixed(1).padStart(7);

function gzipSize(dist: string, file: string): number {
  return gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

async function main(): Promise<void> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-web-'));
  console.log(`building the web app into ${dist} ...`);
  execFileSync(
    'npx',
    ['vite', 'build', '--config', 'packages/web/vite.config.ts', '--manifest', '--outDir', dist],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;

  const server = await startServer({ WEB_DIST: dist });
  const browser = await launchBrowser();
  try {
    console.log('\nJavaScript loaded before first paint (gzip):');
    const firstScreenFiles = new Set<string>();
    // /login as a first visit; / as a logged-in merchant opening the app again (a fresh page, storage kept).
    const context = await phoneContext(browser);
    for (const route of ['/login', '/']) {
      if (route === '/') {
        const login = await context.newPage();
        await login.goto(server.url + '/login', { waitUntil: 'load' });
        await login.locator('input[autocomplete=username]').fill('13800138000');
        await login.locator('input[type=password]').fill('demo123456');
        await login.locator('button[type=submit]').click();
        await login.waitForURL(server.url + '/');
        await login.close();
      }
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname.slice(1));
      });
      await page.goto(server.url + route, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      if (page.url() !== server.url + route) throw new Error(`${route} ended at ${page.url()}`);
      const total = [...scripts].reduce((sum, file) => sum + gzipSize(dist, file), 0);
      scripts.forEach((f) => firstScreenFiles.add(f));
      console.log(
        `  ${route.padEnd(8)} ${fmt(kb(total))} KB  in ${scripts.size} files   goal ≤ ${GOALS.firstScreenKb} KB  ratio ${(kb(total) / GOALS.firstScreenKb).toFixed(2)}`,
      );
      await page.close();
    }
    await context.close();

    console.log('\nEach route chunk, with what it imports beyond the first screen (gzip):');
    const rows: Array<[string, number]> = [];
    for (const entry of Object.values(manifest)) {
      if (!entry.isDynamicEntry || !entry.src) continue;
      const own = new Set([entry.file]);
      for (const key of entry.imports ?? []) {
        const file = manifest[key]?.file;
        if (file && !firstScreenFiles.has(file)) own.add(file);
      }
      const size = [...own].reduce((sum, file) => sum + gzipSize(dist, file), 0);
      rows.push([entry.src, size]);
    }
    rows.sort((a, b) => b[1] - a[1]);
    for (const [src, size] of rows) {
      const flag = kb(size) > GOALS.routeChunkKb ? '  OVER' : '';
      console.log(
        `  ${fmt(kb(size))} KB  ratio ${(kb(size) / GOALS.routeChunkKb).toFixed(2)}  ${src}${flag}`,
      );
    }

    // The customer page (buy.html, decision 029): its HTML, every script it imports statically and its stylesheets,
    // all a phone downloads before the goods show. React is most of it; nothing of the console comes along.
    const buyFiles = new Set<string>(['buy.html']);
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || buyFiles.has(entry.file)) return;
      buyFiles.add(entry.file);
      entry.css?.forEach((file) => buyFiles.add(file));
      entry.imports?.forEach(visit);
    };
    visit('buy.html');
    const buyKb = kb([...buyFiles].reduce((sum, file) => sum + gzipSize(dist, file), 0));
    console.log('\nThe customer page, HTML, scripts and style before its goods show (gzip):');
    console.log(
      `  /buy/<sn> ${fmt(buyKb)} KB  in ${buyFiles.size} files   goal ≤ ${GOALS.customerPageKb} KB  ratio ${(buyKb / GOALS.customerPageKb).toFixed(2)}`,
    );

    await lighthouseScores(server);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=en-US',
];

interface Run {
  score: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}

async function lighthouseRun(url: string, port: number, keepStorage: boolean, name: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    logLevel: 'error',
    disableStorageReset: keepStorage,
  });
  if (result?.lhr.finalDisplayedUrl !== url)
    throw new Error(`${url} ended at ${result?.lhr.finalDisplayedUrl}`);
  if (LHR_DIR) {
    fs.mkdirSync(LHR_DIR, { recursive: true });
    fs.writeFileSync(path.join(LHR_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  const audits = result.lhr.audits;
  return {
    score: Math.round((result.lhr.categories['performance']?.score ?? 0) * 100),
    fcp: audits['first-contentful-paint']?.displayValue ?? '?',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
    tbt: audits['total-blocking-time']?.displayValue ?? '?',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '?',
  };
}

/**
 * Runs a page through Chrome's DevTools protocol while Lighthouse is not attached: Playwright connects to the
 * browser Lighthouse drives, does `work` in a page of its default profile, and disconnects again.
 */
async function inBrowser(port: number, work: (page: Page) => Promise<void>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    await work(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse mobile (its default simulated slow 4G and 4× CPU slowdown), median of RUNS: /login as a first visit
 * (Lighthouse clears the origin's storage), then / and /dashboard as the demo merchant logged in through the login
 * screen and the real API, its statement closed. Those runs keep the storage (the login) but start with an empty
 * HTTP cache, as Lighthouse's own reset would.
 */
async function lighthouseScores(server: RunningServer): Promise<void> {
  console.log(`\nLighthouse, mobile, median of ${RUNS} runs (load average ${loadAverage()}):`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    let loggedInYet = false;
    for (const route of ROUTES) {
      const loggedIn = route !== '/login';
      if (loggedIn && !loggedInYet) {
        await inBrowser(chrome.port, (page) => logInPage(page, server));
        loggedInYet = true;
      }
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (loggedIn) {
          await inBrowser(chrome.port, async (page) => {
            const cdp = await page.context().newCDPSession(page);
            await cdp.send('Network.clearBrowserCache');
          });
        }
        const name = `${route.replace(/\W/g, '') || 'home'}-${i + 1}`;
        runs.push(await lighthouseRun(server.url + route, chrome.port, loggedIn, name));
      }
      const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
      console.log(
        `  ${route.padEnd(11)} ${String(median.score).padStart(3)}   goal ≥ ${GOALS.lighthouse}  ratio ${(median.score / GOALS.lighthouse).toFixed(2)}` +
          `   FCP ${median.fcp}  LCP ${median.lcp}  TBT ${median.tbt}  CLS ${median.cls}` +
          `   (runs: ${runs.map((r) => r.score).join(', ')}${loggedIn ? ', logged in' : ''}; load ${loadAverage()})`,
      );
    }
  } finally {
    chrome.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
