/**
 * What runs in a screen's long tasks: loads a route as the demo merchant on a phone (375×667) at Lighthouse's 4×
 * CPU slowdown, records a Chromium performance trace, and prints each main-thread task over 50 ms with what it
 * spent its time on (script, style, layout, paint) and the heaviest script functions sampled in it. Not a test:
 * a reading aid for docs/web-performance.md. The network is not throttled, so the tasks' order can differ from
 * Lighthouse's simulated slow 4G; their content does not.
 *
 *   node --import tsx bench/web/trace.ts --dist DIR [--routes /,/dashboard] [--out DIR] [--locale en-US]
 *
 * `--dist`: a built web app (`npx vite build --config packages/web/vite.config.ts --outDir DIR`); the server is
 * the compiled one (`node scripts/build-server.mjs`). `--out`: keep each trace (open it in DevTools' Performance).
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

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
      url?: string;
    };
    name?: string;
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  '__metadata',
];

/** Top-level kinds of work inside a task, by trace event name. */
const KINDS: Record<string, string> = {
  EvaluateScript: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'V8.GCScavenger': 'gc',
  MajorGC: 'gc',
  MinorGC: 'gc',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style-parse',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'html',
};

function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const named = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!named) throw new Error('no renderer main thread in the trace');
  return { pid: named.pid, tid: named.tid };
}

/** Self time of each sampled function, in ms of trace time, within [start, end]. */
function sampledFunctions(events: TraceEvent[], start: number, end: number): Map<string, number> {
  const nodes = new Map<number, string>();
  const self = new Map<string, number>();
  let time = 0;
  for (const event of events) {
    if (event.name === 'Profile') time = event.ts;
    if (event.name !== 'ProfileChunk') continue;
    const profile = event.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) {
      const file = (node.callFrame.url ?? '').split('/').pop() ?? '';
      nodes.set(node.id, `${node.callFrame.functionName || '(anonymous)'} ${file}`);
    }
    const deltas = event.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((sample, i) => {
      const delta = deltas[i] ?? 0;
      time += delta;
      if (time < start || time > end) return;
      const name = nodes.get(sample) ?? '?';
      self.set(name, (self.get(name) ?? 0) + delta / 1000);
    });
  }
  return self;
}

async function main(): Promise<void> {
  const dist = argOf('--dist');
  if (!dist) throw new Error('usage: trace.ts --dist DIR [--routes /,/dashboard] [--out DIR] [--locale L]');
  const routes = (argOf('--routes') ?? '/,/dashboard').split(',');
  const out = argOf('--out');
  const locale = (argOf('--locale') ?? 'zh-CN') as Locale;
  if (out) fs.mkdirSync(out, { recursive: true });
  const server = await startServer({ WEB_DIST: path.resolve(dist) });
  const browser = await launchBrowser();
  try {
    const context = await phoneContext(browser, { locale });
    const login = await context.newPage();
    await logInPage(login, server, undefined, locale);
    await login.close();
    for (const route of routes) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data) => {
        // The protocol types each event as a map of strings; Chromium's trace events have this shape.
        events.push(...(data.value as unknown as TraceEvent[]));
      });
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', {
        traceConfig: { includedCategories: CATEGORIES },
        transferMode: 'ReportEvents',
      });
      await page.goto(server.url + route, { waitUntil: 'load' });
      await page.waitForTimeout(4000);
      await cdp.send('Tracing.end');
      await done;
      if (out) {
        const file = path.join(out, `trace${route.replace(/\W/g, '_') || '_'}.json`);
        fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
      }
      const main = mainThread(events);
      const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
      const navigation = events.find((e) => e.name === 'navigationStart')?.ts ?? onMain[0]?.ts ?? 0;
      const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
      console.log(`\n${route}: ${tasks.length} tasks over 50 ms (4× CPU)`);
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        // Self time of each event (its duration less its children's), by kind: nested events count once.
        const inside = onMain
          .filter((e) => e !== task && e.ts >= task.ts && e.ts < end)
          .sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
        const kinds = new Map<string, number>();
        const stack: { end: number; kind: string; self: number }[] = [];
        const close = (until: number) => {
          while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= until) {
            const done = stack.pop();
            if (done) kinds.set(done.kind, (kinds.get(done.kind) ?? 0) + done.self / 1000);
          }
        };
        for (const event of inside) {
          close(event.ts);
          const dur = event.dur ?? 0;
          const parent = stack[stack.length - 1];
          if (parent) parent.self -= dur;
          stack.push({ end: event.ts + dur, kind: KINDS[event.name] ?? parent?.kind ?? 'other', self: dur });
        }
        close(Infinity);
        const breakdown = [...kinds]
          .sort((a, b) => b[1] - a[1])
          .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
          .join(', ');
        console.log(
          `  at ${((task.ts - navigation) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms — ${breakdown}`,
        );
        const functions = [...sampledFunctions(events, task.ts, end)]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12);
        for (const [name, ms] of functions) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${name}`);
      }
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
