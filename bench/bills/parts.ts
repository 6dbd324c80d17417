/**
 * The parts of a bill list's SQL one by one, in process, on the database bench/bills/run.ts seeded (run that
 * first): the totals of 93 days (merchant, one machine), the analysis (totals and edges), the abnormal analysis and
 * the pages' ids and rows; prints µs per call of each (wall clock: run it under the bench lock).
 *
 *   node --import tsx bench/bills/parts.ts [--calls 200] [--db sqlite|postgres]
 *
 * With --db postgres it reads DATABASE_URL's schema bench_bills (run.ts --db postgres seeds it).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../packages/server/src/config';
import { BillRepository, type BillFilter } from '../../packages/server/src/modules/orders/bill-repository';
import { OrderStats } from '../../packages/server/src/modules/orders/order-stats';
import { openDatabase } from '../../packages/server/src/runtime';
import { billsBenchEnv } from './bench-env';

const DAY = 86_400_000;
const { values } = parseArgs({
  options: { calls: { type: 'string', default: '200' }, db: { type: 'string', default: 'sqlite' } },
});
const postgres = values.db === 'postgres';
if (postgres && !process.env['DATABASE_URL']) throw new Error('--db postgres needs DATABASE_URL');
const db = await openDatabase(loadConfig(billsBenchEnv(postgres)));
const marker = await db.kysely
  .selectFrom('settings')
  .select('value')
  .where('key', '=', 'bench_bills')
  .executeTakeFirstOrThrow();
const { sns, merchantId } = JSON.parse(marker.value) as { sns: string[]; merchantId: number };
const stats = new OrderStats(db.kysely);
const bills = new BillRepository(db.kysely);
const now = Date.now();
const all: BillFilter = { merchantId, storeIds: null, start: now - 93 * DAY + 60_000, end: now + 60_000 };
const long: BillFilter = { ...all, start: now - 929 * DAY };
const wechatPrice: BillFilter = { ...all, client: 'wechat', priceStart: 500, priceEnd: 1000 };
const machine: BillFilter = { ...all, sn: sns[3] };
const abnormal: BillFilter = { ...all, abnormalBefore: now - 120_000 };
const page = { pageNum: 1, pageSize: 20 };
const cases: Record<string, () => Promise<unknown>> = {
  'totals, 93 days': () => stats.sums(all, all.start, all.end),
  'totals, 930 days': () => stats.sums(long, long.start, long.end),
  'totals, WeChat 5-10 yuan': () => stats.sums(wechatPrice, all.start, all.end),
  'totals, a machine': () => stats.sums(machine, all.start, all.end),
  'analysis, 93 days': () => bills.analysis(all),
  'analysis, a machine': () => bills.analysis(machine),
  'analysis, abnormal': () => bills.analysis(abnormal),
  'page, 93 days': () => bills.page(all, page),
  'page, a machine': () => bills.page(machine, page),
  'page, abnormal': () => bills.page(abnormal, page),
};
const calls = Number(values.calls);
for (const [name, run] of Object.entries(cases)) {
  for (let i = 0; i < 20; i++) await run();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  console.log(
    `${name.padEnd(24)}${(((performance.now() - started) / calls) * 1000).toFixed(0).padStart(8)} µs`,
  );
}
await db.destroy();
