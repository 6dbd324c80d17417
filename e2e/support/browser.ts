import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium; never a browser downloaded by a test tool. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: FLAGS,
  });
}

/**
 * A phone in the WeChat browser: 375×667, touch, the WeChat user agent, a language. Its pages report every content
 * security policy violation to takePolicyViolations(), which the suite's setup checks after each test.
 */
export async function phoneContext(
  browser: Browser,
  options: { locale?: string; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: options.userAgent ?? WECHAT_UA,
    locale: options.locale ?? 'zh-CN',
  });
  await watchPolicy(context);
  return context;
}

/** Violations of the content security policy seen by any page since the last call. */
const policyViolations: string[] = [];

/** The violations seen since the last call (setup.ts fails the test that caused them). */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

const VIOLATION_BINDING = '__vendoPolicyViolation';

/** Each page tells the test of a `securitypolicyviolation` event: what was blocked, by which directive, where. */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding(VIOLATION_BINDING, ({ page }, text: string) => {
    policyViolations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ` +
          `(${event.sourceFile || 'document'}:${event.lineNumber}) ${event.sample}`.trim(),
      );
    });
  }, VIOLATION_BINDING);
}

/**
 * Waits until the page is still: no finite CSS animation or transition running, and the document (inline styles
 * included: antd-mobile's sheets, pickers and dialogs slide by react-spring, which writes a style each frame and
 * fires no event at its end) unchanged over five animation frames in a row. At most `maxMs`, the pause screenshots
 * used to take every time: a page that keeps moving is shot as it is then.
 */
export async function settle(page: Page, maxMs = 400): Promise<void> {
  const started = Date.now();
  try {
    await page.evaluate(async (max) => {
      const deadline = performance.now() + max;
      // A frame, or 50 ms should the page get no frames.
      const frame = () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => resolve());
          setTimeout(resolve, 50);
        });
      const animating = () =>
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
          );
      let last = '';
      let still = 0;
      while (performance.now() < deadline) {
        await frame();
        const now = document.body.outerHTML;
        still = now === last && !animating() ? still + 1 : 0;
        last = now;
        if (still >= 5) return;
      }
    }, maxMs);
  } catch {
    // The page navigated while we watched it: give it what is left of the pause instead.
    const left = maxMs - (Date.now() - started);
    if (left > 0) await page.waitForTimeout(left);
  }
}

const ARTIFACTS = path.resolve(new URL('../artifacts', import.meta.url).pathname);

/** Saves a screenshot under e2e/artifacts (ignored by git) so a person can look at what the test saw. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}
