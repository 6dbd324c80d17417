import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/*
 * A Mosquitto of a test's own, on a free port of 127.0.0.1 (anonymous, no persistence), which the test may stop and
 * start again: a broker restart without touching the shared one of MQTT_TEST_URL.
 */

/** Where Mosquitto is: Debian's package puts it in /usr/sbin, often not on a user's PATH. */
export function mosquittoBinary(): string | null {
  const candidates = ['/usr/sbin/mosquitto', '/usr/local/sbin/mosquitto', '/usr/bin/mosquitto'];
  for (const dir of (process.env['PATH'] ?? '').split(':')) candidates.push(path.join(dir, 'mosquitto'));
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

export interface PrivateBroker {
  port: number;
  url: string;
  /** Whether the broker process runs now. */
  readonly running: boolean;
  /** Kills the broker at once (SIGKILL): every connection drops, nothing is said to anyone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, with nothing remembered (no persistence). */
  start(): Promise<void>;
  /** Kills it and removes its files. */
  close(): Promise<void>;
}

export async function startPrivateBroker(): Promise<PrivateBroker> {
  const binary = mosquittoBinary();
  if (!binary) throw new Error('mosquitto is not installed');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-mosquitto-'));
  const configFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_packet_size 1048576',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    if (child) return;
    const started = spawn(binary, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (started.exitCode !== null) throw new Error(`mosquitto exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running) return;
    child = null;
    if (running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    }
  };
  await start();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    get running() {
      return child !== null;
    },
    kill,
    start,
    async close() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
