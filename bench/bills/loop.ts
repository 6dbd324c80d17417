/**
 * One bill list call in a loop, in process (Fastify's inject, no sockets), on the database bench/bills/run.ts seeded
 * (run that first): prints µs per call and this process' CPU. Run it under `node --cpu-prof` to see where a
 * call's time goes without the load loop and the bare route sharing the cores.
 *
 *   node --import tsx bench/bills/loop.ts [--calls 3000]
 *     [--case buy93|buyToday|pay93|wechatPrice|long|machine|abnormal]
 *     [--db sqlite|postgres]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/runtime';
import { billsBenchEnv } from './bench-env';

const DAY = 86_400_000;
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    case: { type: 'string', default: 'buy93' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const POSTGRES = values.db === 'postgres';
const config = loadConfig(billsBenchEnv(POSTGRES));
const db = await openDatabase(config);
const { app } = await buildApp({ config, db, logger: { level: 'warn' } });
const login = await app.inject({
  method: 'POST',
  url: '/p/v1/login',
  payload: { username: '13700137000', password: 'bench123456' },
});
const { token, secret } = (login.json() as { result: { token: string; secret: string } }).result;
// The seed's machines (run.ts keeps them in its marker): the machine list asks for the fourth, as run.ts does.
const marker = await db.kysely
  .selectFrom('settings')
  .select('value')
  .where('key', '=', 'bench_bills')
  .executeTakeFirstOrThrow();
const { sns } = JSON.parse(marker.value) as { sns: string[] };
const now = Date.now();
const range = { start_time: now - 93 * DAY + 60_000, end_time: now + 60_000 };
const cases: Record<string, [string, unknown]> = {
  buy93: ['/api/v1/b/getBuyBill', { condition: range }],
  buyToday: ['/api/v1/b/getBuyBill', {}],
  pay93: ['/api/v1/b/getPayBill', { condition: range }],
  wechatPrice: [
    '/api/v1/b/getPayBill',
    { condition: { ...range, client: 'wechat', price_start: 500, price_end: 1000 } },
  ],
  long: ['/api/v1/b/getBuyBill', { condition: { start_time: now - 929 * DAY, end_time: now + 60_000 } }],
  machine: ['/api/v1/b/getBuyBill', { condition: { ...range, sn: sns[3] } }],
  abnormal: ['/api/v1/b/getBuyBill', { condition: { ...range, abnormal: true } }],
};
const [url, payload] = cases[values.case] ?? cases['buy93']!;
const call = async () => {
  const r = await app.inject({ method: 'POST', url, payload: payload as object, headers: { token, secret } });
  if ((r.json() as { rcode: number }).rcode !== 0) throw new Error(r.body);
};
for (let i = 0; i < 200; i++) await call();
const calls = Number(values.calls);
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < calls; i++) await call();
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(
  `${values.case}: ${calls} calls, ${((wall * 1000) / calls).toFixed(0)} µs per call, CPU ${(
    (used.user + used.system) /
    1000 /
    calls
  ).toFixed(2)} ms per call`,
);
await app.close();
await db.destroy();
