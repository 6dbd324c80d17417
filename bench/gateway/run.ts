/**
 * The device gateway under many machines: N simulated machines (default 10,000) connect to one gateway process
 * and keep reporting; then each sends a burst of reports. Prints connections held, reports/s, the gateway's
 * memory, and the same figures for the bare broker (aedes without authentication, gateway or database) measured
 * in the same run as the baseline. It prints figures; it is not a test.
 *
 *   npm run bench:gateway -- [--machines 10000] [--report-ms 10000] [--hold-s 20] [--burst 5]
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Fleet } from '@vendo/device-sim/fleet';
import type { MachineCredentials } from '@vendo/device-sim/machine';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const PREFIX = 'vendo';

interface Stats {
  kind: 'stats';
  received: number;
  written: number;
  clients: number;
  rss: number;
}

interface Figures {
  name: string;
  connected: number;
  connectSeconds: number;
  holdRate: number;
  writtenRate: number;
  burstRate: number;
  burstDelivered: number;
  rssMb: number;
}

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '10000' },
    'report-ms': { type: 'string', default: '10000' },
    'hold-s': { type: 'string', default: '20' },
    burst: { type: 'string', default: '5' },
  },
});
const N = Number(values.machines);
const REPORT_MS = Number(values['report-ms']);
const HOLD_S = Number(values['hold-s']);
const BURST = Number(values.burst);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

/** A child process (gateway or bare broker) and its latest counters. */
class Target {
  latest: Stats = { kind: 'stats', received: 0, written: 0, clients: 0, rss: 0 };
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: Stats) => {
      if (m.kind === 'stats') this.latest = m;
    });
  }

  static async start(script: string, env: NodeJS.ProcessEnv): Promise<{ target: Target; port: number }> {
    const child = fork(path.join(ROOT, 'bench/gateway', script), {
      execArgv: ['--import', 'tsx'],
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const target = new Target(child);
    const port = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: { kind: string; port?: number }) => m.kind === 'ready' && resolve(m.port ?? 0));
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    });
    return { target, port };
  }

  async until(check: (s: Stats) => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (check(this.latest)) return true;
      await sleep(100);
    }
    return check(this.latest);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send('stop');
    await Promise.race([exited, sleep(15_000).then(() => this.child.kill('SIGKILL'))]);
  }
}

async function measure(
  name: string,
  script: string,
  credentials: MachineCredentials[],
  env: NodeJS.ProcessEnv,
) {
  console.log(`\n${name}: starting, then connecting ${credentials.length} machines ...`);
  const { target, port } = await Target.start(script, env);
  const fleet = new Fleet(credentials, {
    url: `mqtt://127.0.0.1:${port}`,
    prefix: PREFIX,
    reportEveryMs: REPORT_MS,
    keepaliveS: 120,
    eventRetryMs: 600_000,
    commandDelayMs: 5,
    rssi: 20,
  });
  const started = Date.now();
  const failed = await fleet.start(500);
  await target.until((s) => s.clients >= credentials.length - failed.length, 120_000);
  const connectSeconds = (Date.now() - started) / 1000;
  if (failed.length > 0)
    console.log(`  ${failed.length} machines could not connect (first: ${failed[0]?.error})`);
  console.log(
    `  ${target.latest.clients} connections held after ${connectSeconds.toFixed(1)} s; holding ${HOLD_S} s`,
  );

  // Let the connect storm settle, then count steady reporting.
  await sleep(Math.min(REPORT_MS, 5_000));
  const hold0 = { ...target.latest, at: Date.now() };
  await sleep(HOLD_S * 1000);
  const hold1 = { ...target.latest, at: Date.now() };
  const seconds = (hold1.at - hold0.at) / 1000;
  const holdRate = (hold1.received - hold0.received) / seconds;
  const writtenRate = (hold1.written - hold0.written) / seconds;
  const connected = target.latest.clients;
  const rss = target.latest.rss;

  console.log(`  burst: ${BURST} reports from every machine at once ...`);
  const report = JSON.stringify({ v: 1, rssi: 21, version: '2.4.1' });
  const burst0 = target.latest.received;
  const burstStart = Date.now();
  const expected = fleet.machines.length * BURST;
  for (const machine of fleet.machines) {
    for (let i = 0; i < BURST; i++)
      void machine.publishRaw(`${PREFIX}/d/${machine.sn}/report`, report).catch(() => undefined);
  }
  await target.until((s) => s.received - burst0 >= expected, 120_000);
  const burstDelivered = target.latest.received - burst0;
  const burstRate = burstDelivered / ((Date.now() - burstStart) / 1000);

  await fleet.stop(false);
  await target.stop();
  return {
    name,
    connected,
    connectSeconds,
    holdRate,
    writtenRate,
    burstRate,
    burstDelivered,
    rssMb: mb(rss),
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-gateway-'));
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: '',
    VENDO_MODE: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    MQTT_TOPIC_PREFIX: PREFIX,
  };
  const credentialsFile = path.join(dir, 'machines.json');
  console.log(`provisioning ${N} machines into ${dir} ...`);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/server/src/main.ts',
      'devices',
      'provision',
      '--count',
      String(N),
      '--type',
      'vms',
      '--out',
      credentialsFile,
      '--no-qr',
    ],
    { cwd: ROOT, env: { ...env, INIT_CWD: ROOT }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const credentials = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as MachineCredentials[];

  const gateway = await measure(
    'Vendo gateway (auth, presence, reports to SQLite)',
    'gateway-process.ts',
    credentials,
    env,
  );
  const raw = await measure(
    'bare broker (aedes, no auth, counting subscriber)',
    'raw-broker-process.ts',
    credentials,
    env,
  );
  const generator = mb(process.memoryUsage().rss);

  const row = (f: Figures) =>
    `${f.name.padEnd(16)} ${String(f.connected).padStart(11)} ${f.connectSeconds.toFixed(1).padStart(10)} ` +
    `${f.holdRate.toFixed(0).padStart(11)} ${f.writtenRate.toFixed(0).padStart(10)} ` +
    `${f.burstRate.toFixed(0).padStart(10)} ${f.rssMb.toFixed(0).padStart(8)}`;
  console.log(
    `\nmachines ${N}, each reporting every ${REPORT_MS} ms (expected steady rate ${(N / (REPORT_MS / 1000)).toFixed(0)}/s), burst ${BURST} each`,
  );
  console.log('                 connections  connect s  reports/s  written/s   burst/s   RSS MB');
  console.log(row({ ...gateway, name: 'gateway' }));
  console.log(row({ ...raw, name: 'bare broker' }));
  const ratio = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(0)}%` : 'n/a');
  console.log(
    `gateway / bare broker: connections ${ratio(gateway.connected, raw.connected)}, steady reports ${ratio(gateway.holdRate, raw.holdRate)}, ` +
      `burst ${ratio(gateway.burstRate, raw.burstRate)}, memory ${(gateway.rssMb / Math.max(raw.rssMb, 1)).toFixed(1)}×`,
  );
  if (gateway.burstDelivered < N * BURST)
    console.log(
      `note: the gateway saw ${gateway.burstDelivered} of ${N * BURST} burst reports (QoS 0 may drop under load)`,
    );
  console.log(`load generator (this process, ${N} MQTT clients): ${generator.toFixed(0)} MB RSS`);
  fs.rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
