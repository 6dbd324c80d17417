import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A real `vendo serve` child process for the server tests that need one (several processes, kill -9, SIGTERM):
 * the compiled server (packages/server/dist/main.js, decision 040) started with the environment a test names, on a
 * free port and its own temporary data directory, and counted as started when `GET /p/v1/ready` answers 200 (the
 * database and the broker link up). The build is made once per run by the server project's global setup
 * (build-server-once.ts), only when it is missing or older than the sources.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The compiled server the processes run. */
export const SERVER_BUILD = path.join(ROOT, 'packages/server/dist/main.js');

/** Workspace sources the build bundles (the server's, and the @vendo/* packages it imports). */
const BUNDLED_SOURCES = ['packages/server/src', 'packages/contract/src', 'packages/device-sim/src'].map(
  (dir) => path.join(ROOT, dir),
);

/** Set by the global setup when the build failed: what startServerProcess then throws. */
export const BUILD_ERROR_ENV = 'VENDO_TEST_SERVER_BUILD_ERROR';

export type StopSignal = 'SIGKILL' | 'SIGTERM';

export interface ServerProcessOptions {
  /**
   * The process's environment, over the defaults below (VENDO_MODE test, LOG_LEVEL warn, HOST 127.0.0.1, a free
   * PORT, a temporary DATA_DIR, the embedded broker on a free MQTT_PORT, SQLite). Set DATABASE_URL with
   * DATABASE_SCHEMA, and MQTT_URL, for a process of a shared deployment.
   */
  env?: Record<string, string>;
  /** How long to wait for `/p/v1/ready` (default 30 s). */
  readyTimeoutMs?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends the signal and waits for the exit. A process already gone answers its exit. */
  kill(signal: StopSignal): Promise<Exit>;
  /** POSTs a contract call; answers the HTTP status and the envelope. */
  call<T = unknown>(
    callPath: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; rcode: number; msg: string; result: T }>;
  /** SIGTERM if still running, wait for the exit, and remove the data directory the helper made. */
  stop(): Promise<Exit>;
}

/** Starts `vendo serve` from the build and waits until it is ready. Throws with its output if it exits or hangs. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const buildError = process.env[BUILD_ERROR_ENV];
  if (buildError) throw new Error(`the server build failed in the global setup: ${buildError}`);
  if (!fs.existsSync(SERVER_BUILD)) {
    throw new Error(
      `no server build at ${SERVER_BUILD}: the server project's global setup builds it (run the tests through ` +
        'vitest with packages/server/vitest.config.ts, or `node scripts/build-server.mjs`)',
    );
  }
  const env = options.env ?? {};
  const port = env.PORT && env.PORT !== '0' ? Number(env.PORT) : await freePort();
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-proc-'));
  const mqttPort = env.MQTT_PORT ?? (env.MQTT_URL ? '0' : String(await freePort()));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD, 'serve'], {
    cwd: ROOT,
    env: {
      ...inheritedEnv(),
      VENDO_MODE: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MQTT_PORT: mqttPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone: Exit | null = null;
  void exited.then((exit) => (gone = exit));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (gone) {
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`vendo serve exited (${JSON.stringify(gone)}) before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/p/v1/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`vendo serve was not ready within ${options.readyTimeoutMs ?? 30_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const kill = async (signal: StopSignal): Promise<Exit> => {
    if (!gone) child.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    log: () => output,
    exited,
    kill,
    async call<T>(callPath: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const response = await fetch(url + callPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { rcode: number; msg: string; result: T };
      return { status: response.status, ...envelope };
    },
    async stop() {
      const exit = await kill('SIGTERM');
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
}

/**
 * The test runner's environment without what would point the child at the runner's own database or broker by
 * accident (a test names those itself) or make it load tsx.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'MQTT_URL', 'NODE_OPTIONS', 'VENDO_SECRET']) {
    delete env[key];
  }
  return env;
}

/** A port free at the moment of asking (the process binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether dist/main.js is missing or older than any source it bundles. */
export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUILD)) return true;
  const built = fs.statSync(SERVER_BUILD).mtimeMs;
  const newer = (dir: string): boolean =>
    fs.existsSync(dir) &&
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name !== 'node_modules' && newer(full);
      return fs.statSync(full).mtimeMs > built;
    });
  return BUNDLED_SOURCES.some(newer);
}

/** Builds the server (scripts/build-server.mjs, about a second) when it is missing or stale. */
export function ensureServerBuild(): void {
  if (!serverBuildIsStale()) return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
