/*
 * Cold start and idle memory of `vendo serve`: the compiled build (packages/server/dist/main.js, what `npm start`
 * runs) beside the sources run through tsx (what it ran before, decision 040). Each run starts on a copy of one
 * seeded demo data directory, so seeding is not what is measured: the time from spawning the process until
 * /p/v1/health answers and the banner is printed, then the resident memory after 5 s idle.
 *
 *   npm run build && node --import tsx bench/start/run.ts [--runs 5]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const BUILD = path.join(ROOT, 'packages/server/dist/main.js');
const SOURCES = path.join(ROOT, 'packages/server/src/main.ts');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

interface Started {
  ms: number;
  rssMb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Starts the server on a data directory and answers when it is up (and, with `idleMs`, its memory then). */
async function start(args: string[], dataDir: string, ready: string, idleMs: number): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      VENDO_MODE: 'demo',
      LOG_LEVEL: 'info',
      MQTT_PORT: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  let ms = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/p/v1/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (r.ok && output.includes(ready)) {
        ms = performance.now() - began;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const rss = rssMb(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ms, rssMb: rss };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

if (!fs.existsSync(BUILD)) throw new Error('no build: run `npm run build` first');
const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-start-'));
console.log('seeding one demo data directory…');
await start(['--enable-source-maps', BUILD, 'serve'], seeded, 'demo history seeded', 0);

const kinds = {
  'compiled (node dist/main.js)': ['--enable-source-maps', BUILD, 'serve'],
  'sources (node --import tsx src/main.ts)': ['--import', 'tsx', SOURCES, 'serve'],
} as const;
const results: Record<string, Started[]> = {};
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(kinds)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-start-run-'));
    fs.cpSync(seeded, dir, { recursive: true });
    (results[name] ??= []).push(await start([...args], dir, 'Vendo is running', 5000));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
fs.rmSync(seeded, { recursive: true, force: true });

console.log(`\nvendo serve, demo mode on a seeded SQLite data directory, ${RUNS} runs each (median):`);
const rows = Object.entries(results).map(([name, rs]) => ({
  name,
  ms: median(rs.map((r) => r.ms)),
  rss: median(rs.map((r) => r.rssMb)),
}));
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(42)} start ${r.ms.toFixed(0).padStart(6)} ms   idle RSS ${r.rss.toFixed(1)} MB`,
  );
const [compiled, sources] = rows;
console.log(
  `  ratio compiled / sources: start ${(compiled!.ms / sources!.ms).toFixed(2)}×, memory ${(compiled!.rss / sources!.rss).toFixed(2)}×`,
);
