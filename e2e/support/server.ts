import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

export interface RunningServer {
  url: string;
  dataDir: string;
  log: () => string;
  /** POSTs a call to the server as the web app would. */
  call<T = unknown>(callPath: string, body?: unknown): Promise<{ rcode: number; msg: string; result: T }>;
  stop(): Promise<void>;
}

/** Starts `vendo serve` from the sources, on a free port with its own data directory, and waits for health. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts'), 'serve'],
    {
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
    },
  );
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await call('/p/v1/health')).rcode === 0 && output.includes('Vendo is running')) break;
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
      fs.rmSync(dataDir, { recursive: true, force: true });
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
