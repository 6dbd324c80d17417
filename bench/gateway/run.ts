/**
 * The device gateway under many machines, beside the bare broker (aedes without authentication, gateway or
 * database) measured in the same run as the baseline. It prints figures; it is not a test.
 *
 *   npm run bench:gateway -- [--mode sales,burst,reports] [--db sqlite|postgres|both] [--machines 1000]
 *     [--seconds 10] [--settle-s 10] [--burst-machines 10000] [--report-machines 10000] [--report-ms 10000] [--hold-s 20] [--burst 5]
 *     [--rate 500,1000] [--cpu-prof-dir DIR] [--store db|none]
 *
 * - sales: N machines each send cash sales (QoS 1 events, the real device protocol) one after another, the next as
 *   soon as the server acknowledged the last as stored; prints orders stored per second and the ack latency
 *   (publish → the protocol's event-ack, sent after the commit) p50/p99. The bare broker's figure is the same
 *   loop on PUBACK (the baseline), and a second bare run answers each event on its event-ack topic at
 *   once, at the gateway's QoS for event-acks (the protocol's two exchanges with no work between: the event at
 *   QoS 1, the event-ack at QoS 0 since decision 053; the sale path's own ceiling). This closed loop
 *   is the throughput figure: by Little's law its ack latency is machines / throughput, so it says nothing about
 *   the latency a machine sees at a real sales rate.
 * - sales at an offered rate (--rate N[,N...], sales per second, default 500,1000; 0 or '' skips): the open loop.
 *   The same machines, but the sales arrive on a schedule, N per second spread evenly over the machines (round
 *   robin), whatever the server does; a machine has at most one sale in flight and one queued behind it (a real
 *   machine vends one at a time): an arrival at a machine that already has one queued is counted as refused.
 *   The latency runs from the sale's scheduled arrival (its wait behind its machine's previous sale included),
 *   so a server that falls behind shows it. The bare broker gets the same schedule. This is the latency figure.
 * - burst: M machines (default 10,000) each send one sale at once; prints the time until all are acknowledged,
 *   whether the gateway survived, and counts in the database that every sale was stored exactly once.
 * - reports: N machines connect and keep reporting (QoS 0), then each sends a burst of reports; prints
 *   connections held, reports/s and memory.
 * --store none answers every event stored at once without writing it (the gateway's MQTT side alone: broker,
 * parsing, validation, the event-ack): the ceiling the database's share is measured against. Not the product.
 * PostgreSQL (--db postgres|both) uses DATABASE_URL, schema bench_gateway (dropped and made again each run).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deviceTopics } from '@vendo/contract/device-protocol';
import { Fleet } from '@vendo/device-sim/fleet';
import type { MachineCredentials, SimMachine } from '@vendo/device-sim/machine';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/runtime';
import { PREFIX, benchPlace, cashSale, prepare } from './bench-fleet';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const CORES = os.availableParallelism();

interface Stats {
  kind: 'stats';
  received: number;
  written: number;
  events: number;
  stored: number;
  clients: number;
  rss: number;
}

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'sales,burst' },
    db: { type: 'string', default: 'sqlite' },
    machines: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    'burst-machines': { type: 'string', default: '10000' },
    'report-machines': { type: 'string', default: '10000' },
    'report-ms': { type: 'string', default: '10000' },
    'hold-s': { type: 'string', default: '20' },
    burst: { type: 'string', default: '5' },
    'settle-s': { type: 'string', default: '10' },
    rate: { type: 'string', default: '500,1000' },
    'cpu-prof-dir': { type: 'string' },
    store: { type: 'string', default: 'db' },
  },
});
const MODES = new Set(values.mode.split(','));
const SALE_MACHINES = Number(values.machines);
const SECONDS = Number(values.seconds);
const BURST_MACHINES = Number(values['burst-machines']);
const REPORT_MACHINES = Number(values['report-machines']);
const REPORT_MS = Number(values['report-ms']);
const HOLD_S = Number(values['hold-s']);
const BURST = Number(values.burst);
const SETTLE_MS = Number(values['settle-s']) * 1000;
const RATES = values.rate
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
const DBS = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)}%` : 'n/a');

/** A child process (gateway or bare broker) and its latest counters. */
class Target {
  latest: Stats = { kind: 'stats', received: 0, written: 0, events: 0, stored: 0, clients: 0, rss: 0 };
  peakRss = 0;
  exitCode: number | null | undefined = undefined;
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: Stats | { kind: 'cpu'; cpu: number }) => {
      if (m.kind === 'cpu') return this.cpuWaiters.shift()?.(m.cpu);
      if (m.kind !== 'stats') return;
      this.latest = m;
      this.peakRss = Math.max(this.peakRss, m.rss);
    });
    child.on('exit', (code) => {
      this.exitCode = code;
    });
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  private readonly cpuWaiters: Array<(cpu: number) => void> = [];

  /** The child's CPU so far (µs, all its threads). */
  cpu(): Promise<number> {
    return new Promise((resolve) => {
      this.cpuWaiters.push(resolve);
      this.child.send('cpu');
    });
  }

  static async start(
    script: string,
    env: NodeJS.ProcessEnv,
    profile: string | undefined,
  ): Promise<{ target: Target; port: number }> {
    const child = fork(path.join(ROOT, 'bench/gateway', script), {
      execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
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
    while (Date.now() < deadline && this.alive) {
      if (check(this.latest)) return true;
      await sleep(100);
    }
    return check(this.latest);
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send('stop');
    await Promise.race([exited, sleep(30_000).then(() => this.child.kill('SIGKILL'))]);
  }
}

interface Side {
  name: string;
  script: string;
  gateway: boolean;
  /** The bare broker answering each event on its event-ack topic at once (the protocol's two exchanges). */
  echo?: boolean;
}
const GATEWAY: Side = { name: 'gateway', script: 'gateway-process.ts', gateway: true };
const BARE: Side = { name: 'bare aedes', script: 'raw-broker-process.ts', gateway: false };
const BARE_ECHO: Side = {
  name: 'bare aedes + event-ack',
  script: 'raw-broker-process.ts',
  gateway: false,
  echo: true,
};

/** Starts a side and connects the machines to it. */
async function connect(side: Side, credentials: MachineCredentials[], env: NodeJS.ProcessEnv) {
  // The gateway's CPU profile (written when it stops) on --cpu-prof-dir: where its one core goes.
  const profile = side.gateway ? values['cpu-prof-dir'] : undefined;
  const store = side.gateway ? values.store : 'db';
  const { target, port } = await Target.start(
    side.script,
    { ...env, BENCH_GATEWAY_STORE: store, BENCH_ECHO_ACKS: side.echo ? '1' : '0' },
    profile,
  );
  const fleet = new Fleet(credentials, {
    url: `mqtt://127.0.0.1:${port}`,
    prefix: PREFIX,
    reportEveryMs: REPORT_MS,
    keepaliveS: 300,
    // Sales wait for their acknowledgement; a resend is only for a dropped one (counted as a duplicate).
    eventRetryMs: 60_000,
    commandDelayMs: 5,
    rssi: 20,
  });
  const started = Date.now();
  const failed = await fleet.start(500);
  await target.until((s) => s.clients >= credentials.length - failed.length, 180_000);
  const connectSeconds = (Date.now() - started) / 1000;
  if (failed.length > 0)
    console.log(`  ${failed.length} machines could not connect (first: ${failed[0]?.error})`);
  const missing = new Set(failed.map((f) => f.sn));
  // Machines that could not connect (a connect storm on a loaded machine) send nothing.
  const connected = fleet.machines.filter((m) => !missing.has(m.sn));
  return { target, fleet, connected, connectSeconds };
}

/** Disconnects the machines and stops the side; answers whether it was still alive and its peak memory. */
async function end(target: Target, fleet: Fleet): Promise<{ alive: boolean; rss: number }> {
  const figures = { alive: target.alive, rss: target.peakRss };
  await fleet.stop(false);
  await target.stop();
  return figures;
}

/**
 * One sale from a machine, resolved when it counts as done: on the gateway the protocol's event-ack (sent after
 * the commit), on the bare broker the PUBACK. Answers the latency in ms, or null on timeout.
 */
function saleSender(side: Side, fleet: Fleet) {
  const waiting = new Map<string, () => void>();
  for (const machine of fleet.machines)
    machine.on('event-acked', (ack: { id: string }) => waiting.get(ack.id)?.());
  return async (machine: SimMachine): Promise<number | null> => {
    const event = cashSale();
    const started = performance.now();
    if (!side.gateway && !side.echo) {
      const topic = deviceTopics(PREFIX, machine.sn).event;
      await machine.publishRaw(topic, JSON.stringify(event), { qos: 1 });
      return performance.now() - started;
    }
    const acked = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 120_000);
      waiting.set(event.id, () => {
        clearTimeout(timer);
        resolve(true);
      });
      machine.sendEvent(event);
    });
    waiting.delete(event.id);
    return acked ? performance.now() - started : null;
  };
}

interface SaleFigures {
  side: string;
  rate: number;
  p50: number;
  p99: number;
  done: number;
  timeouts: number;
  rssMb: number;
  /** CPU of the server process (all its threads) per sale done in the measured window, µs. */
  cpuPerSale: number;
  /** CPU of this process (the simulated machines' MQTT clients) per sale in the same window, µs. */
  fleetCpuPerSale: number;
  /** Open loop: sales offered in the measured window, and those refused (their machine had one queued). */
  offered?: number;
  refused?: number;
}

/**
 * Sales from the machines for the measured window. offered null: the closed loop (each machine's next sale as
 * soon as the last is done). offered N: the open loop, N sales per second arriving on a schedule.
 */
async function measureSales(
  side: Side,
  credentials: MachineCredentials[],
  env: NodeJS.ProcessEnv,
  offered: number | null = null,
): Promise<SaleFigures> {
  const how = offered === null ? 'each one sale at a time' : `${offered} sales/s offered`;
  console.log(`\n${side.name}: sales from ${credentials.length} machines, ${how}, for ${SECONDS} s ...`);
  const { target, fleet, connected } = await connect(side, credentials, env);
  // Let the connect storm's presence writes drain first: the figure is the sales' own.
  await sleep(SETTLE_MS);
  const send = saleSender(side, fleet);
  const warmupMs = 2_000;
  const t0 = performance.now();
  const from = t0 + warmupMs;
  const to = from + SECONDS * 1000;
  const latencies: number[] = [];
  let timeouts = 0;
  let offeredInWindow = 0;
  let refused = 0;
  // The server's CPU over the window against the sales done in it: a figure a busy machine moves much less than
  // the rate (the rate falls when other programs take the cores; the CPU a sale costs barely does).
  let done = 0;
  const cpuWindow = (async () => {
    await sleep(from - performance.now());
    const [cpu0, done0, fleet0] = [await target.cpu(), done, process.cpuUsage()];
    await sleep(to - performance.now());
    const [cpu1, done1, fleet1] = [await target.cpu(), done, process.cpuUsage(fleet0)];
    const sales = Math.max(1, done1 - done0);
    return { server: (cpu1 - cpu0) / sales, fleet: (fleet1.user + fleet1.system) / sales };
  })();
  if (offered === null) {
    await Promise.all(
      fleet.machines.map(async (machine) => {
        while (performance.now() < to && target.alive) {
          const started = performance.now();
          const latency = await send(machine).catch(() => null);
          if (latency === null) {
            timeouts++;
            continue;
          }
          done++;
          if (started >= from && started + latency <= to) latencies.push(latency);
        }
      }),
    );
  } else {
    // Per machine: the arrival times of the sale in flight and of the one queued behind it.
    const lanes = connected.map((machine) => ({ machine, busy: false, queued: null as number | null }));
    const inFlight = new Set<Promise<void>>();
    const run = (lane: (typeof lanes)[number], arrival: number): void => {
      lane.busy = true;
      const lap = (async () => {
        let at: number | null = arrival;
        while (at !== null) {
          const wait = performance.now() - at;
          const latency = await send(lane.machine).catch(() => null);
          if (latency === null) timeouts++;
          else done++;
          // Counted when it arrived in the window; its latency from the arrival, queueing included.
          if (latency !== null && at >= from && at < to) latencies.push(wait + latency);
          at = lane.queued;
          lane.queued = null;
        }
        lane.busy = false;
      })();
      inFlight.add(lap);
      void lap.finally(() => inFlight.delete(lap));
    };
    let issued = 0;
    let next = 0;
    // Arrivals on a 5 ms tick: every arrival due so far, each at its own scheduled time.
    while (performance.now() < to && target.alive) {
      // Arrival k is due at t0 + k / offered s: those up to now are 0 .. floor(elapsed × offered).
      const due = Math.floor(((performance.now() - t0) / 1000) * offered) + 1;
      for (; issued < due; issued++) {
        const arrival = t0 + (issued / offered) * 1000;
        const lane = lanes[next++ % lanes.length]!;
        const counted = arrival >= from && arrival < to;
        if (counted) offeredInWindow++;
        if (!lane.busy) run(lane, arrival);
        else if (lane.queued === null) lane.queued = arrival;
        else if (counted) refused++;
      }
      await sleep(5);
    }
    // The sales of the window still in flight finish (or time out) before the figures.
    while (inFlight.size > 0) await Promise.race(inFlight);
  }
  const { server: cpuPerSale, fleet: fleetCpuPerSale } = await cpuWindow;
  const { rss } = await end(target, fleet);
  latencies.sort((a, b) => a - b);
  return {
    cpuPerSale,
    fleetCpuPerSale,
    side: side.name,
    rate: latencies.length / SECONDS,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    done: latencies.length,
    timeouts,
    rssMb: mb(rss),
    ...(offered === null ? {} : { offered: offeredInWindow, refused }),
  };
}

interface BurstFigures {
  side: string;
  seconds: number;
  /** Sales sent: one per machine that connected. */
  sent: number;
  acked: number;
  p50: number;
  p99: number;
  alive: boolean;
  rssMb: number;
}

async function measureBurst(
  side: Side,
  credentials: MachineCredentials[],
  env: NodeJS.ProcessEnv,
): Promise<BurstFigures> {
  console.log(`\n${side.name}: connecting ${credentials.length} machines for the burst ...`);
  const { target, fleet, connected, connectSeconds } = await connect(side, credentials, env);
  await sleep(SETTLE_MS);
  console.log(
    `  ${target.latest.clients} connected in ${connectSeconds.toFixed(1)} s; one sale each, at once`,
  );
  const send = saleSender(side, fleet);
  const started = performance.now();
  const latencies = (await Promise.all(connected.map((machine) => send(machine).catch(() => null)))).filter(
    (l): l is number => l !== null,
  );
  const seconds = (performance.now() - started) / 1000;
  // Let the last commit's counters reach the parent.
  await sleep(500);
  const { alive, rss } = await end(target, fleet);
  latencies.sort((a, b) => a - b);
  return {
    side: side.name,
    seconds,
    sent: connected.length,
    acked: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    alive,
    rssMb: mb(rss),
  };
}

interface ReportFigures {
  connected: number;
  connectSeconds: number;
  holdRate: number;
  writtenRate: number;
  burstRate: number;
  burstDelivered: number;
  rssMb: number;
}

async function measureReports(
  side: Side,
  credentials: MachineCredentials[],
  env: NodeJS.ProcessEnv,
): Promise<ReportFigures> {
  console.log(`\n${side.name}: connecting ${credentials.length} reporting machines, holding ${HOLD_S} s ...`);
  const { target, fleet, connectSeconds } = await connect(side, credentials, env);
  // Let the connect storm settle, then count steady reporting.
  await sleep(Math.min(REPORT_MS, 5_000));
  const hold0 = { ...target.latest, at: Date.now() };
  await sleep(HOLD_S * 1000);
  const hold1 = { ...target.latest, at: Date.now() };
  const seconds = (hold1.at - hold0.at) / 1000;
  const connected = target.latest.clients;
  const rss = target.latest.rss;
  const report = JSON.stringify({ v: 1, rssi: 21, version: '2.4.1' });
  const burst0 = target.latest.received;
  const burstStart = Date.now();
  for (const machine of fleet.machines)
    for (let i = 0; i < BURST; i++)
      void machine.publishRaw(`${PREFIX}/d/${machine.sn}/report`, report).catch(() => undefined);
  await target.until((s) => s.received - burst0 >= fleet.machines.length * BURST, 120_000);
  const burstDelivered = target.latest.received - burst0;
  const burstRate = burstDelivered / ((Date.now() - burstStart) / 1000);
  await fleet.stop(false);
  await target.stop();
  return {
    connected,
    connectSeconds,
    holdRate: (hold1.received - hold0.received) / seconds,
    writtenRate: (hold1.written - hold0.written) / seconds,
    burstRate,
    burstDelivered,
    rssMb: mb(rss),
  };
}

/** Orders, events, and any event made into more than one order, as the database holds them. */
async function countStored(env: NodeJS.ProcessEnv) {
  const db = await openDatabase(loadConfig(env as Record<string, string>));
  const k = db.kysely;
  const { orders } = await k
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('orders'))
    .executeTakeFirstOrThrow();
  const { events } = await k
    .selectFrom('device_events')
    .select((eb) => eb.fn.countAll<number>().as('events'))
    .executeTakeFirstOrThrow();
  const doubled = await k
    .selectFrom('orders')
    .select('event_id')
    .groupBy('event_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  await db.destroy();
  return { orders: Number(orders), events: Number(events), doubled: doubled.length };
}

async function runDb(dbKind: string): Promise<void> {
  const count = Math.max(
    MODES.has('sales') ? SALE_MACHINES : 0,
    MODES.has('burst') ? BURST_MACHINES : 0,
    MODES.has('reports') ? REPORT_MACHINES : 0,
  );
  const { env, credentials } = await prepare(dbKind, count, benchPlace('gateway', dbKind, 'bench_gateway'));
  console.log(`\n=== ${dbKind} ===`);

  if (MODES.has('sales')) {
    const machines = credentials.slice(0, SALE_MACHINES);
    const before = await countStored(env);
    const gateway = await measureSales(GATEWAY, machines, env);
    const after = await countStored(env);
    const bare = await measureSales(BARE, machines, env);
    const echo = await measureSales(BARE_ECHO, machines, env);
    const row = (f: SaleFigures) =>
      `${f.side.padEnd(12)} ${f.rate.toFixed(0).padStart(9)} ${f.p50.toFixed(1).padStart(9)} ` +
      `${f.p99.toFixed(1).padStart(9)} ${String(f.timeouts).padStart(8)} ${f.rssMb.toFixed(0).padStart(7)} ` +
      `${f.cpuPerSale.toFixed(0).padStart(11)} ${f.fleetCpuPerSale.toFixed(0).padStart(10)}`;
    console.log(
      `\n[${dbKind}] sales: ${SALE_MACHINES} machines, each one sale at a time, ${SECONDS} s measured`,
    );
    console.log('side         per second   p50 ms    p99 ms  timeouts  RSS MB  CPU µs/sale  fleet µs');
    console.log(row({ ...gateway, side: 'gateway' }));
    console.log(row({ ...bare, side: 'bare aedes' }));
    console.log(row({ ...echo, side: 'bare + ack' }));
    console.log(
      `[${dbKind}] orders/s vs bare aedes QoS1: ${pct(gateway.rate, bare.rate)}; ` +
        `vs bare aedes answering each event on its event-ack topic (the protocol's two exchanges): ` +
        `${pct(gateway.rate, echo.rate)}; ` +
        `orders stored in the run ${after.orders - before.orders}, events ${after.events - before.events}, ` +
        `events made into two orders: ${after.doubled}; server CPU per sale ` +
        `${gateway.cpuPerSale.toFixed(0)} µs vs bare ${bare.cpuPerSale.toFixed(0)} µs, bare + ack ${echo.cpuPerSale.toFixed(0)} µs`,
    );
    // At half the bare broker's rate R the machine's cores give each sale CORES / (R / 2) of CPU for the server
    // and the simulated machines together: the server's share is that less the fleet's CPU per sale.
    const budget = (CORES * 1e6) / (bare.rate / 2) - gateway.fleetCpuPerSale;
    console.log(
      `[${dbKind}] CPU budget per sale at 50 % of bare aedes on ${CORES} cores: ${budget.toFixed(0)} µs for the ` +
        `server (the fleet takes ${gateway.fleetCpuPerSale.toFixed(0)} µs); the server spent ${gateway.cpuPerSale.toFixed(0)} µs`,
    );
  }

  if (MODES.has('sales') && RATES.length > 0) {
    const machines = credentials.slice(0, SALE_MACHINES);
    const rows: SaleFigures[] = [];
    for (const offered of RATES) {
      const before = await countStored(env);
      const gateway = await measureSales(GATEWAY, machines, env, offered);
      const after = await countStored(env);
      console.log(
        `  stored in the run ${after.orders - before.orders} orders, ${after.events - before.events} events, ` +
          `events made into two orders: ${after.doubled}`,
      );
      rows.push({ ...gateway, side: `gateway ${offered}/s` });
      const bare = await measureSales(BARE, machines, env, offered);
      rows.push({ ...bare, side: `bare ${offered}/s` });
    }
    console.log(
      `\n[${dbKind}] sales at an offered rate (open loop): ${SALE_MACHINES} machines, at most one sale in flight ` +
        `and one queued each, latency from the scheduled arrival, ${SECONDS} s measured`,
    );
    console.log('side              offered   acked/s   p50 ms    p99 ms  refused timeouts');
    for (const f of rows)
      console.log(
        `${f.side.padEnd(16)} ${String(f.offered ?? 0).padStart(8)} ${f.rate.toFixed(0).padStart(9)} ` +
          `${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(9)} ${String(f.refused ?? 0).padStart(8)} ` +
          `${String(f.timeouts).padStart(8)}`,
      );
  }

  if (MODES.has('burst')) {
    const machines = credentials.slice(0, BURST_MACHINES);
    const before = await countStored(env);
    const gateway = await measureBurst(GATEWAY, machines, env);
    const after = await countStored(env);
    const bare = await measureBurst(BARE, machines, env);
    const stored = after.orders - before.orders;
    console.log(`\n[${dbKind}] burst: ${BURST_MACHINES} machines, one QoS 1 sale each at once`);
    for (const f of [gateway, bare])
      console.log(
        `${f.side.padEnd(12)} all done in ${f.seconds.toFixed(1)} s, acknowledged ${f.acked} of ${f.sent}, ` +
          `p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.alive ? 'alive' : 'CRASHED'}, peak RSS ${f.rssMb.toFixed(0)} MB`,
      );
    console.log(
      `[${dbKind}] burst stored: ${stored} orders and ${after.events - before.events} events for ${gateway.sent} sales sent ` +
        `(${BURST_MACHINES - gateway.sent} machines did not connect), events made into two orders: ${after.doubled} — ` +
        `${stored === gateway.sent && after.events - before.events === gateway.sent && after.doubled === 0 ? 'every sale once' : 'MISMATCH'}; ` +
        `sales/s vs bare aedes ${pct(gateway.acked / gateway.seconds, bare.acked / bare.seconds)}`,
    );
  }

  if (MODES.has('reports')) {
    const machines = credentials.slice(0, REPORT_MACHINES);
    const gateway = await measureReports(GATEWAY, machines, env);
    const raw = await measureReports(BARE, machines, env);
    const row = (name: string, f: ReportFigures) =>
      `${name.padEnd(16)} ${String(f.connected).padStart(11)} ${f.connectSeconds.toFixed(1).padStart(10)} ` +
      `${f.holdRate.toFixed(0).padStart(11)} ${f.writtenRate.toFixed(0).padStart(10)} ` +
      `${f.burstRate.toFixed(0).padStart(10)} ${f.rssMb.toFixed(0).padStart(8)}`;
    console.log(
      `\n[${dbKind}] reports: ${REPORT_MACHINES} machines, each every ${REPORT_MS} ms (expected ${(REPORT_MACHINES / (REPORT_MS / 1000)).toFixed(0)}/s), burst ${BURST} each`,
    );
    console.log('                 connections  connect s  reports/s  written/s   burst/s   RSS MB');
    console.log(row('gateway', gateway));
    console.log(row('bare aedes', raw));
    console.log(
      `gateway / bare aedes: connections ${pct(gateway.connected, raw.connected)}, steady reports ${pct(gateway.holdRate, raw.holdRate)}, ` +
        `burst ${pct(gateway.burstRate, raw.burstRate)}, memory ${(gateway.rssMb / Math.max(raw.rssMb, 1)).toFixed(1)}×`,
    );
  }
}

async function main(): Promise<void> {
  for (const dbKind of DBS) await runDb(dbKind);
  console.log(`\nload generator (this process): ${mb(process.memoryUsage().rss).toFixed(0)} MB RSS`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
