import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

/**
 * The compiled server, as `npm start` runs it (decision 040); e2e/support/global-setup.ts builds it before the
 * suite, so it is never older than the sources.
 */
export const SERVER_BUILD = path.join(ROOT, 'packages/server/dist/main.js');

/**
 * A data directory the global setup left after one demo start (the demo merchant with its 90 days of sales seeded):
 * each test server starts on a copy of it, as `npm start` does on its second start, instead of seeding again.
 */
export const DEMO_DATA_ENV = 'VENDO_E2E_DEMO_DATA';

export interface RunningServer {
  url: string;
  dataDir: string;
  log: () => string;
  /** POSTs a call to the server as the web app would. */
  call<T = unknown>(callPath: string, body?: unknown): Promise<{ rcode: number; msg: string; result: T }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Run on this data directory as it is, and keep it at stop (the global setup's demo data). */
  dataDir?: string;
  /** What the server's output must show before it counts as started (default: its banner). */
  ready?: string;
  timeoutMs?: number;
}

/**
 * Starts `vendo serve` from the build, on a free port with its own data directory (a copy of the demo data when the
 * global setup made one), and waits for health.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-e2e-'));
  const demoData = process.env[DEMO_DATA_ENV];
  if (own && demoData && fs.existsSync(demoData)) fs.cpSync(demoData, dataDir, { recursive: true });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      VENDO_MODE: 'demo',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const call = async <T>(callPath: string, body: unknown = {}) => {
    const response = await fetch(url + callPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en-US' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { rcode: number; msg: string; result: T };
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const ready = options.ready ?? 'Vendo is running';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await call('/p/v1/health')).rcode === 0 && output.includes(ready)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    log: () => output,
    call,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (own) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
