/**
 * The machine-event store alone, in process: no MQTT, no gateway — `recordBatch` of cash sales, in batches as
 * the gateway's group commit makes them, on the database file (or PostgreSQL schema) a real server would use.
 * Prints the time per sale, wall clock and this process' CPU (the steadier figure on a shared machine; with
 * PostgreSQL the server's own work is not in it); run it under `node --cpu-prof` to see where the time goes.
 * Not a test.
 *
 *   node --import tsx bench/gateway/record-batch.ts [--db sqlite|postgres] [--machines 1000] [--events 30000]
 *     [--batch 256]
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import type { EventToRecord } from '../../packages/server/src/gateway/machine-ports';
import { openDatabase } from '../../packages/server/src/runtime';
import { benchPlace, cashSale, prepare } from './bench-fleet';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    machines: { type: 'string', default: '1000' },
    events: { type: 'string', default: '30000' },
    batch: { type: 'string', default: '256' },
  },
});
const MACHINES = Number(values.machines);
const EVENTS = Number(values.events);
const BATCH = Number(values.batch);
/** Batches run before measuring: statement caches and the JIT warm up. */
const WARMUP_BATCHES = 10;

async function main(): Promise<void> {
  const { env, credentials } = await prepare(
    values.db,
    MACHINES,
    benchPlace('record-batch', values.db, 'bench_record_batch'),
  );
  const config = loadConfig(env as Record<string, string>);
  const db = await openDatabase(config);
  const { app, services } = await buildApp({ config, db, logger: { level: 'warn' } });
  const store = services.devices.events;
  // Round robin over the machines: a batch holds one sale each of BATCH machines, as under steady load.
  let next = 0;
  const batchOf = (): EventToRecord[] =>
    Array.from({ length: BATCH }, () => ({
      sn: credentials[next++ % credentials.length]!.sn,
      event: cashSale(),
    }));
  const run = async (
    batches: number,
  ): Promise<{ ms: number; cpuMs: number; stored: number; batchMs: number[] }> => {
    let stored = 0;
    const batchMs: number[] = [];
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let b = 0; b < batches; b++) {
      const batch = batchOf();
      const t = performance.now();
      const results = await store.recordBatch(batch, Date.now());
      batchMs.push(performance.now() - t);
      stored += results.filter((r) => r.outcome === 'stored').length;
    }
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, stored, batchMs };
  };
  await run(WARMUP_BATCHES);
  const batches = Math.ceil(EVENTS / BATCH);
  const { ms, cpuMs, stored, batchMs } = await run(batches);
  const sent = batches * BATCH;
  batchMs.sort((a, b) => a - b);
  const orders = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `[${values.db}] recordBatch: ${sent} cash sales in batches of ${BATCH} over ${MACHINES} machines: ` +
      `${((ms * 1000) / sent).toFixed(0)} µs/sale (CPU of this process ${((cpuMs * 1000) / sent).toFixed(0)} µs), ` +
      `${((sent / ms) * 1000).toFixed(0)} sales/s, ` +
      `batch p50 ${batchMs[Math.floor(batchMs.length / 2)]!.toFixed(1)} ms; stored ${stored} of ${sent}; ` +
      `orders in the database ${Number(orders.n)} (with ${WARMUP_BATCHES * BATCH} of the warm-up)`,
  );
  await app.close();
  await db.destroy();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
