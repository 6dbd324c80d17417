/**
 * Where the time of one ranking goes, on a seeded SQLite benchmark database (bench/analytics/run.ts): runs the
 * machine (or store, goods) ranking of the last N days many times, prints its p50/p95, then every statement it
 * issued with its own p50 and its query plan.
 *
 *   node --import tsx bench/analytics/profile-ranking.ts [--orders 1000000] [--dir DIR] [--days 93]
 *     [--what machines|stores|goods] [--repeat 200]
 *
 * CALLS_ONLY=1 times the ranking alone (for node --cpu-prof); DUMP=1 prints each statement with its parameters.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { startOfPeriod } from '../../packages/contract/src/constants';
import { createDb } from '../../packages/server/src/db/create-db';
import { RollupFacts } from '../../packages/server/src/modules/analytics/rollup-facts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    dir: { type: 'string', default: path.join(ROOT, 'bench/out/analytics') },
    days: { type: 'string', default: '93' },
    what: { type: 'string', default: 'machines' },
    repeat: { type: 'string', default: '200' },
  },
});
const H = 3_600_000;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';

type Params = unknown[];
const issued = new Map<string, Params>();
const prepare = SQLite.prototype.prepare;
SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
  const statement = prepare.call(this, source) as SQLite.Statement;
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = statement[method].bind(statement) as (...p: Params) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...p: Params) => {
      issued.set(source, p);
      return original(...p);
    };
  }
  return statement;
} as typeof SQLite.prototype.prepare;

const file = path.join(path.resolve(values.dir), values.orders, 'vendo.sqlite');
const db = await createDb({ databaseUrl: '', schema: '', sqliteFile: file });
const setup = JSON.parse(
  (
    await db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'bench_analytics')
      .executeTakeFirstOrThrow()
  ).value,
) as { merchantId: number; now: number };
const today = startOfPeriod('day', setup.now, ZONE);
const end = today + Math.floor((setup.now - today) / H) * H + H;
const filter = {
  merchantId: setup.merchantId,
  storeIds: null,
  start: today - (Number(values.days) - 1) * DAY,
  end,
};
const facts = new RollupFacts(db.kysely, ZONE);
const run = () =>
  values.what === 'goods'
    ? facts.goodsRanking(filter, 'income', { offset: 0, limit: 10 })
    : facts.ranking(filter, values.what === 'stores' ? 'store' : 'sn', 'income', 6);

const time = async (fn: () => unknown, n: number) => {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `p50 ${times[Math.floor(n / 2)]!.toFixed(2)} ms, p95 ${times[Math.floor(n * 0.95)]!.toFixed(2)} ms`;
};
issued.clear();
console.log(`${values.what}, ${values.days} days: ${await time(run, Number(values.repeat))}`);
SQLite.prototype.prepare = prepare;
if (process.env['CALLS_ONLY']) {
  await db.destroy();
  process.exit(0);
}
const raw = new SQLite(file, { readonly: true });
for (const [source, params] of issued) {
  if (/^\s*(begin|commit|rollback|pragma)/i.test(source)) continue;
  const statement = raw.prepare(source);
  if (process.env['DUMP']) console.log(JSON.stringify({ source, params }));
  console.log(`\n${source.replace(/\s+/g, ' ').slice(0, 400)}${source.length > 400 ? ' …' : ''}`);
  console.log(`  ${await time(() => statement.all(...(params as unknown[])), Number(values.repeat))}`);
  for (const row of raw.prepare(`explain query plan ${source}`).all(...(params as unknown[])) as Array<{
    id: number;
    parent: number;
    detail: string;
  }>)
    console.log(`  plan ${row.id}<${row.parent}: ${row.detail}`);
}
raw.close();
await db.destroy();
