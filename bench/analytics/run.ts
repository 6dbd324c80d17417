/**
 * Analytics over a year of a large merchant: 10,000,000 orders (1,000 machines in 50 stores of 10 areas, 60 goods,
 * 365 days ending now, busier at noon and in the evening and at weekends, a few % failed, refunded and partly
 * refunded) written in bulk, so the triggers append their deltas as a sale's would, then folded as the jobs fold
 * them. Prints p50/p95 of the facts behind /a/overview, /a/hours, /a/days and the Top-N rankings (store, machine,
 * goods) over a day, a week, a month and 93 days, read from the rollups (RollupFacts) and, in the same run, by a
 * GROUP BY over the orders (RawFacts), with the ratio; then the analytics calls themselves over HTTP. It prints
 * figures; it is not a test.
 *
 *   npm run bench:analytics -- [--orders 10000000] [--db sqlite|postgres|both] [--repeat 20] [--budget 15]
 *   ORDERS=1000000 npm run bench:analytics
 *
 * SQLite always (bench/out/analytics/<orders>/, or --dir DIR/<orders>/), and PostgreSQL (schema
 * bench_analytics_<orders> of DATABASE_URL) when DATABASE_URL is set; --db picks one. A seeded database is kept
 * and reused by every later run with the same number of orders ("now" stays the time it was seeded), one per size,
 * so 1,000,000 and 10,000,000 orders live side by side and only the first run of a size seeds. --repeat: calls
 * per figure; --budget: seconds per figure at most (at least 3 calls); --only: run only the facts whose name
 * holds one of these comma-separated words (e.g. --only "93 days,month"), and skip the HTTP calls unless one
 * matches them too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { nextPeriodStart, startOfPeriod } from '../../packages/contract/src/constants';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import type { Database } from '../../packages/server/src/db/database';
import {
  loadWithoutRollupTriggers,
  ROLLUP_TABLES,
} from '../../packages/server/src/db/migrations/0006-analytics';
import {
  backfillCoarseRollups,
  COARSE_ROLLUP_TABLES,
} from '../../packages/server/src/db/migrations/0010-coarse-rollups';
import { backfillSumRuns, SUM_RUN_TABLES } from '../../packages/server/src/db/migrations/0016-sum-runs';
import { RawFacts } from '../../packages/server/src/modules/analytics/raw-facts';
import { RollupFacts } from '../../packages/server/src/modules/analytics/rollup-facts';
import type { FactFilter, SalesFacts } from '../../packages/server/src/modules/analytics/sales-facts';
import { OrderStats } from '../../packages/server/src/modules/orders/order-stats';
import { openDatabase } from '../../packages/server/src/runtime';
import { prng, serve, signUpMerchant } from '../support/bench-kit';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const H = 3_600_000;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';
const PHONE = '13700137001';
const PASSWORD = 'bench123456';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: process.env['ORDERS'] ?? '10000000' },
    db: { type: 'string', default: 'both' },
    repeat: { type: 'string', default: '20' },
    budget: { type: 'string', default: '15' },
    dir: { type: 'string', default: path.join(ROOT, 'bench/out/analytics') },
    only: { type: 'string', default: '' },
  },
});
const ORDERS = Number(values.orders);
/** The seeded databases are kept, one per number of orders. */
const OUT = path.join(path.resolve(values.dir), String(ORDERS));
const SCHEMA = `bench_analytics_${ORDERS}`;
const ONLY = values.only
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const picked = (name: string) => !ONLY.length || ONLY.some((w) => name.includes(w));
const REPEAT = Number(values.repeat);
const BUDGET_MS = Number(values.budget) * 1000;
const URL_PG = process.env['DATABASE_URL'] ?? '';
const targets: Array<'sqlite' | 'postgres'> =
  values.db === 'sqlite'
    ? ['sqlite']
    : values.db === 'postgres'
      ? ['postgres']
      : URL_PG
        ? ['sqlite', 'postgres']
        : ['sqlite'];
if (targets.includes('postgres') && !URL_PG) throw new Error('PostgreSQL needs DATABASE_URL');
if (!(ORDERS > 0)) throw new Error('--orders must be a positive number');

const envOf = (target: 'sqlite' | 'postgres'): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  DATA_DIR: OUT,
  DATABASE_URL: target === 'postgres' ? URL_PG : '',
  DATABASE_SCHEMA: SCHEMA,
  VENDO_MODE: 'test',
  BROWSER_GATE: 'off',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  VENDO_SECRET: 'bench-analytics-secret-bench-analytics-01',
});

/** sfc32: a small seeded PRNG, so every run seeds the same orders. */
/** Picks an index by weight (cumulative weights, binary search). */
function picker(weights: number[], random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) cumulative.push((total += w));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

interface Shelf {
  goodsId: number;
  name: string;
  price: number;
  cost: number;
}
interface Machine {
  sn: string;
  storeId: number;
  areaId: number;
  shelves: Shelf[];
}
interface Setup {
  merchantId: number;
  orders: number;
  /** When the orders were seeded: the ranges end here. */
  now: number;
  stores: Array<{ id: number; areaId: number }>;
  goods: Shelf[];
  machines: Machine[];
  seedSeconds: number;
  backfillSeconds: number;
  foldSeconds: number;
}

// ---------------------------------------------------------------------------------------------------------
// The merchant, through the app's own calls; the orders in bulk.

async function prepare(target: 'sqlite' | 'postgres'): Promise<Setup> {
  fs.mkdirSync(OUT, { recursive: true });
  const config = loadConfig(envOf(target));
  const db = await openDatabase(config);
  const marker = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'bench_analytics')
    .executeTakeFirst();
  if (marker) {
    const setup = JSON.parse(marker.value) as Setup;
    await db.destroy();
    if (setup.orders === ORDERS) return setup;
    throw new Error(
      `the ${target} benchmark database holds ${setup.orders} orders; delete ${OUT} (or schema ${SCHEMA}) to seed ${ORDERS}`,
    );
  }
  const built = await buildApp({ config, db });
  const { services } = built;
  const { call, headers, merchantId } = await signUpMerchant(built, {
    phone: PHONE,
    password: PASSWORD,
    name: 'Bench analytics',
  });
  const random = prng(7);
  const stores: Setup['stores'] = [];
  for (let a = 0; a < 10; a++) {
    const area = await call<{ _id: number }>('/api/v1/u/addArea', { name: `Area ${a + 1}` }, headers);
    for (let s = 0; s < 5; s++) {
      const store = await call<{ _id: number }>(
        '/api/v1/u/addStore',
        { name: `Store ${a + 1}-${s + 1}`, area: area._id },
        headers,
      );
      stores.push({ id: store._id, areaId: area._id });
    }
  }
  const goods: Shelf[] = [];
  for (let g = 0; g < 60; g++) {
    const price = 200 + Math.floor(random() * 16) * 50;
    const cost = Math.floor(price * (0.3 + random() * 0.3));
    const name = `Goods ${g + 1}`;
    const made = await call<{ goods_id: number }>(
      '/api/v1/g/addPrivate',
      { goods_name: name, price, cost_price: cost },
      headers,
    );
    goods.push({ goodsId: made.goods_id, name, price, cost });
  }
  const machines: Machine[] = [];
  process.stdout.write('  binding 1,000 machines');
  for (const device of await services.devices.provision(1000, 'vm', 'bench-analytics')) {
    const i = machines.length;
    await call(
      '/api/v1/d/bind',
      { clientid: device.clientid, sn: device.sn, sign: device.sign, title: `Machine ${i + 1}`, type: 'vm' },
      headers,
    );
    const store = stores[i % stores.length]!;
    await call('/api/v1/d/editDev', { sn: device.sn, store_id: store.id }, headers);
    // 12 shelves from a store-dependent part of the range: popular goods everywhere, the rest regional.
    const shelves = Array.from(
      { length: 12 },
      (_, k) => goods[(k < 6 ? k : 6 + ((i * 7 + k * 5) % 54)) % 60]!,
    );
    machines.push({ sn: device.sn, storeId: store.id, areaId: store.areaId, shelves });
  }
  process.stdout.write('\n');
  await built.app.close();
  const setup: Setup = {
    merchantId,
    orders: ORDERS,
    now: Date.now(),
    stores,
    goods,
    machines,
    seedSeconds: 0,
    backfillSeconds: 0,
    foldSeconds: 0,
  };
  if (target === 'sqlite') {
    // The benchmark's own database: its backfill may sort in memory and need not sync.
    await sql`pragma synchronous = OFF`.execute(db.kysely);
    await sql`pragma cache_size = -1000000`.execute(db.kysely);
    await sql`pragma temp_store = MEMORY`.execute(db.kysely);
  }
  // The orders go in without the rollup triggers, then the migration's own backfill counts them: the rollups
  // the triggers would have made, without a delta per row (the bills' daily totals still get theirs).
  let started = performance.now();
  await loadWithoutRollupTriggers(db.kysely as unknown as Kysely<unknown>, async () => {
    await (target === 'postgres' ? seedPostgres(setup) : seedSqlite(setup));
    setup.seedSeconds = (performance.now() - started) / 1000;
    process.stdout.write('  building the rollups\n');
  });
  // The coarse rollups (migration 0010) start from those, as the migration does on a database in service.
  await backfillCoarseRollups(db.kysely as unknown as Kysely<unknown>);
  // The running totals (migration 0016) start from the coarse day rollups, as the migration does too.
  await backfillSumRuns(db.kysely as unknown as Kysely<unknown>);
  setup.backfillSeconds = (performance.now() - started) / 1000 - setup.seedSeconds;
  // The daily totals' trigger noted every order; fold them as the jobs would.
  started = performance.now();
  const stats = new OrderStats(db.kysely);
  const rollups = new RollupFacts(db.kysely, ZONE);
  let folded = 0;
  for (;;) {
    const moved = (await stats.compact(50_000, 20)) + (await rollups.compact(50_000, 20));
    if (!moved) break;
    folded += moved;
    process.stdout.write(`\r  folded ${folded.toLocaleString()} deltas`);
  }
  setup.foldSeconds = (performance.now() - started) / 1000;
  process.stdout.write('\n');
  if (target === 'postgres') {
    // The deltas tables are empty again; autovacuum would soon clear what the fold deleted, as it does in service.
    for (const table of [...ROLLUP_TABLES, ...COARSE_ROLLUP_TABLES, ...SUM_RUN_TABLES, ...DELTA_TABLES])
      await sql`vacuum analyze ${sql.table(table)}`.execute(db.kysely);
  } else {
    await sql`analyze`.execute(db.kysely);
  }
  await db.kysely
    .insertInto('settings')
    .values({ key: 'bench_analytics', value: JSON.stringify(setup) })
    .execute();
  await db.destroy();
  return setup;
}

const DELTA_TABLES = ['order_stat_deltas', 'sales_deltas', 'goods_deltas'] as const;

/** A row as written: its keys are the columns (numbers go to bigint columns, strings to text ones). */
type Row = Record<string, string | number>;
type OrderTuple = Row & { id: number };
type ItemTuple = Row & { order_id: number };

/** Local hours of a day by how busy they are: quiet nights, a lunch peak, a longer evening one. */
const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 2, 4, 7, 9, 8, 8, 10, 13, 11, 9, 9, 10, 11, 13, 14, 12, 9, 6, 4];
const CLIENTS = ['wechat', 'alipay', 'coin', 'bill', 'iccard', 'remote'] as const;
const CLIENT_WEIGHTS = [50, 28, 10, 4, 6, 2];

/** The year's orders day by day (oldest first, in paid order within a day), as rows of orders and items. */
function* orderDays(setup: Setup): Generator<{ orders: OrderTuple[]; items: ItemTuple[] }> {
  const random = prng(42);
  const today = startOfPeriod('day', setup.now, ZONE);
  const days: number[] = [today];
  while (days.length < 365) days.unshift(startOfPeriod('day', days[0]! - H, ZONE));
  // Busier at weekends and slowly growing over the year; today only up to now.
  const weights = days.map((d, i) => {
    const weekday = new Date(d + 8 * H).getUTCDay();
    const w = (weekday === 0 || weekday === 6 ? 1.25 : 1) * (0.8 + (0.4 * i) / 365);
    if (d !== today) return w;
    const hour = Math.floor((setup.now - today) / H);
    const share =
      HOUR_WEIGHTS.slice(0, hour).reduce((s, x) => s + x, 0) / HOUR_WEIGHTS.reduce((s, x) => s + x, 0);
    return w * share;
  });
  const total = weights.reduce((s, w) => s + w, 0);
  const hourOf = picker(HOUR_WEIGHTS, random);
  const clientOf = picker(CLIENT_WEIGHTS, random);
  // Some machines sell far more than others.
  const machineOf = picker(
    setup.machines.map(() => Math.exp((random() + random() + random() - 1.5) * 1.2)),
    random,
  );
  let id = 0;
  let made = 0;
  for (const [i, day] of days.entries()) {
    const count = i === days.length - 1 ? ORDERS - made : Math.round((ORDERS * weights[i]!) / total);
    made += count;
    const end = day === today ? setup.now : nextPeriodStart('day', day, ZONE);
    const paid: number[] = [];
    for (let k = 0; k < count; k++) {
      let at = day + hourOf() * H + Math.floor(random() * H);
      if (at >= end) at = Math.max(day, end - 1 - Math.floor(random() * H));
      paid.push(at);
    }
    paid.sort((a, b) => a - b);
    const orders: OrderTuple[] = [];
    const items: ItemTuple[] = [];
    for (const at of paid) {
      const o = order(++id, at, day, setup, machineOf(), CLIENTS[clientOf()]!, random);
      orders.push(o.order);
      items.push(...o.items);
    }
    yield { orders, items };
  }
}

function order(
  id: number,
  paidAt: number,
  day: number,
  setup: Setup,
  m: number,
  client: (typeof CLIENTS)[number],
  random: () => number,
) {
  const machine = setup.machines[m]!;
  const lines = random() < 0.85 ? 1 : random() < 0.8 ? 2 : 3;
  const picked = Array.from({ length: lines }, () => {
    const shelf = Math.floor(random() * random() * machine.shelves.length);
    return { slot: shelf + 1, goods: machine.shelves[shelf]!, quantity: random() < 0.9 ? 1 : 2 };
  });
  const listed = picked.reduce((s, p) => s + p.goods.price * p.quantity, 0);
  const amount = client === 'remote' ? 0 : listed;
  const channel = client === 'wechat' || client === 'alipay' || client === 'iccard';
  const s = random();
  // 3 delivered; 4 failed (manual stores keep it); 5 no answer; 8 failed and refunded; 9 refunded by a person;
  // 10 partly delivered and the rest refunded; 11 partly refunded by a person. Cash is never refunded.
  let status =
    s < 0.915
      ? 3
      : s < 0.94
        ? 4
        : s < 0.945
          ? 5
          : s < 0.965
            ? 8
            : s < 0.975
              ? 9
              : s < 0.98
                ? 10
                : s < 0.99
                  ? 11
                  : 3;
  if (!channel && status >= 8) status = 3;
  if (status === 10 && lines === 1 && picked[0]!.quantity === 1) status = 8;
  const delivered = picked.map((p, k) =>
    status === 4 || status === 5 || status === 8
      ? 0
      : status === 10 && k === 0
        ? Math.max(0, p.quantity - 1)
        : p.quantity,
  );
  const missing = picked.reduce((sum, p, k) => sum + p.goods.price * (p.quantity - delivered[k]!), 0);
  const refund =
    status === 8 || status === 9
      ? amount
      : status === 10
        ? Math.min(amount, missing)
        : status === 11
          ? Math.floor(amount * (0.1 + random() * 0.8))
          : 0;
  const cost = picked.reduce((sum, p, k) => sum + p.goods.cost * delivered[k]!, 0);
  const fault =
    status === 4 || status === 5 || status === 8 || status === 10
      ? String(1 + Math.floor(random() * 10))
      : '';
  return {
    order: {
      id,
      order_no: `A${String(id).padStart(12, '0')}`,
      merchant_id: setup.merchantId,
      sn: machine.sn,
      device_type: 'vm',
      area_id: machine.areaId,
      store_id: machine.storeId,
      kind: 'goods',
      source:
        client === 'wechat' || client === 'alipay' ? 'customer' : client === 'remote' ? 'remote' : 'machine',
      client,
      status,
      amount,
      cost_price: cost,
      refund_fee: refund,
      refund_reserved: refund,
      merchant_order: client === 'wechat' || client === 'alipay' ? `42${String(id).padStart(24, '0')}` : '',
      payer: client === 'wechat' || client === 'alipay' ? `o${Math.floor(random() * 200_000)}` : '',
      cardno: client === 'iccard' ? `C${100000 + Math.floor(random() * 20_000)}` : '',
      goods_err: status === 5 ? 'noResult' : fault,
      created_at: paidAt - 3_000,
      paid_at: paidAt,
      sale_day: day,
      finished_at: paidAt + 4_000,
      updated_at: paidAt + 4_000,
    },
    items: picked.map((p, k): ItemTuple => ({
      order_id: id,
      position: p.slot,
      channel_sn: p.slot,
      goods_id: p.goods.goodsId,
      goods_name: p.goods.name,
      price: p.goods.price,
      cost_price: p.goods.cost,
      quantity: p.quantity,
      delivered: delivered[k]!,
      fault: delivered[k]! < p.quantity ? fault : '',
    })),
  };
}

/** Rows per insert statement: SQLite binds at most 32,766 values to one. */
const ROWS_PER_INSERT = 64;

async function seedSqlite(setup: Setup): Promise<void> {
  const sqlite = new SQLite(path.join(OUT, 'vendo.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  // The rows are consistent by construction: checking each item's order and each order's merchant only slows
  // the load.
  sqlite.pragma('foreign_keys = OFF');
  // The indexes of the orders are built once after the load (sorted, as CREATE INDEX does), not row by row: the
  // same entries, written several times faster.
  const indexes = sqlite
    .prepare<[], { name: string; sql: string }>(
      `select name, sql from sqlite_master where type = 'index' and tbl_name in ('orders', 'order_items') and sql is not null`,
    )
    .all();
  for (const index of indexes) sqlite.exec(`drop index ${index.name}`);
  /** Inserts rows ROWS_PER_INSERT at a time with one prepared statement (and the rest one by one). */
  const inserter = (table: string, row: Row) => {
    const columns = Object.keys(row);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const statement = (n: number) =>
      sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values ${Array(n).fill(tuple).join(', ')}`,
      );
    const many = statement(ROWS_PER_INSERT);
    const one = statement(1);
    const values: Array<string | number> = [];
    return (rows: Row[]) => {
      let i = 0;
      for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
        values.length = 0;
        for (let r = i; r < i + ROWS_PER_INSERT; r++) for (const c of columns) values.push(rows[r]![c]!);
        many.run(values);
      }
      for (; i < rows.length; i++) one.run(columns.map((c) => rows[i]![c]!));
    };
  };
  let insertOrders: ((rows: Row[]) => void) | undefined;
  let insertItems: ((rows: Row[]) => void) | undefined;
  // A day per transaction; the orders before their items, which reference them.
  const write = sqlite.transaction((orders: OrderTuple[], items: ItemTuple[]) => {
    insertOrders ??= inserter('orders', orders[0]!);
    insertItems ??= inserter('order_items', items[0]!);
    insertOrders(orders);
    insertItems(items);
  });
  let done = 0;
  for (const { orders, items } of orderDays(setup)) {
    if (orders.length) write(orders, items);
    done += orders.length;
    process.stdout.write(`\r  seeding ${done.toLocaleString()} orders`);
  }
  process.stdout.write('\n');
  process.stdout.write('  indexing the orders\n');
  for (const index of indexes) sqlite.exec(index.sql);
  sqlite.close();
}

async function seedPostgres(setup: Setup): Promise<void> {
  const client = new pg.Client({ connectionString: URL_PG, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  // As on SQLite, the indexes are built after the load; those behind a constraint (keys, unique) stay.
  const { rows: indexes } = await client.query<{ name: string; sql: string }>(
    `select indexname as name, indexdef as sql from pg_indexes
     where schemaname = '${SCHEMA}' and tablename in ('orders', 'order_items')
       and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  /** Rows as one insert of a column array each (unnest). */
  const insert = async (table: string, rows: Row[]) => {
    const columns = Object.keys(rows[0]!);
    const arrays = columns.map(
      (c) => `$${columns.indexOf(c) + 1}::${typeof rows[0]![c] === 'number' ? 'bigint' : 'text'}[]`,
    );
    await client.query(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays.join(', ')})`,
      columns.map((c) => rows.map((r) => r[c])),
    );
  };
  let done = 0;
  for (const { orders, items } of orderDays(setup)) {
    for (let i = 0; i < orders.length; i += 10_000) {
      const part = orders.slice(i, i + 10_000);
      const first = part[0]!.id;
      const last = part[part.length - 1]!.id;
      await client.query('begin');
      await insert('orders', part);
      await insert(
        'order_items',
        items.filter((it) => it.order_id >= first && it.order_id <= last),
      );
      await client.query('commit');
    }
    done += orders.length;
    process.stdout.write(`\r  seeding ${done.toLocaleString()} orders`);
  }
  process.stdout.write('\n  indexing the orders\n');
  for (const index of indexes) await client.query(index.sql);
  // The ids were given: the identity continues after them.
  await client.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze order_items');
  await client.end();
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

interface Figure {
  p50: number;
  p95: number;
  n: number;
  /** The warm-up call's answer. */
  answer: unknown;
}

/** Calls fn REPEAT times (at least 3, within the budget) after one warm-up call. */
async function measure(fn: () => Promise<unknown>): Promise<Figure> {
  const answer = await fn();
  const times: number[] = [];
  const until = performance.now() + BUDGET_MS;
  while (times.length < REPEAT && (times.length < 3 || performance.now() < until)) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), n: times.length, answer };
}

/** An answer of the facts in a form two answers compare by: a list's rows in sorted order, a row's keys too. */
function canonical(answer: unknown): string {
  if (answer instanceof Map)
    return `{${[...answer.entries()]
      .map(([k, v]) => `${String(k)}:${canonical(v)}`)
      .sort()
      .join(',')}}`;
  if (answer === null || typeof answer !== 'object') return JSON.stringify(answer);
  if (!Array.isArray(answer))
    return `{${Object.entries(answer)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}:${canonical(v)}`)
      .join(',')}}`;
  const parts = answer.map(canonical);
  return `[${(answer.every(Array.isArray) ? parts : parts.sort()).join(',')}]`;
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));

interface Ranges {
  today: [number, number];
  yesterday: [number, number];
  day: [number, number];
  week: [number, number];
  month: [number, number];
  days93: [number, number];
}

/** Ranges as the picker makes them: from a local midnight up to the hour after now. */
function ranges(now: number): Ranges {
  const today = startOfPeriod('day', now, ZONE);
  const end = today + Math.floor((now - today) / H) * H + H;
  const back = (days: number) => today - days * DAY;
  return {
    today: [today, end],
    yesterday: [back(1), today],
    day: [today, end],
    week: [back(6), end],
    month: [back(29), end],
    days93: [back(92), end],
  };
}

async function factFigures(target: 'sqlite' | 'postgres', setup: Setup): Promise<void> {
  const config = loadConfig(envOf(target));
  const db = await openDatabase(config);
  const k: Kysely<Database> = db.kysely;
  const rollups = new RollupFacts(k, ZONE);
  const raw = new RawFacts(k);
  const r = ranges(setup.now);
  const base = { merchantId: setup.merchantId, storeIds: null };
  const f = (range: [number, number], extra: Partial<FactFilter> = {}): FactFilter => ({
    ...base,
    start: range[0],
    end: range[1],
    ...extra,
  });
  const store = setup.stores[7]!.id;
  const sn = setup.machines[123]!.sn;
  const goods = setup.goods[3]!.goodsId;
  const cases: Array<[string, (facts: SalesFacts) => Promise<unknown>]> = [
    [
      'overview: today + yesterday',
      (x) => Promise.all([x.orders(f(r.today), 'none'), x.orders(f(r.yesterday), 'none')]),
    ],
    ['hours: today', (x) => x.orders(f(r.today), 'hour')],
    ['hours: 93 days, one store', (x) => x.orders(f(r.days93, { storeId: store }), 'hour')],
    ['hours: 93 days, one machine', (x) => x.orders(f(r.days93, { sn }), 'hour')],
    ['days: month', (x) => x.orders(f(r.month), 'day')],
    ['days: 93 days', (x) => x.orders(f(r.days93), 'day')],
    ['days: 93 days, one machine', (x) => x.orders(f(r.days93, { sn }), 'day')],
    ['goods hours: 93 days, one goods', (x) => x.goods(f(r.days93, { goodsId: goods }), 'hour')],
  ];
  for (const [name, range] of [
    ['day', r.day],
    ['week', r.week],
    ['month', r.month],
    ['93 days', r.days93],
  ] as const) {
    // What the rankings read (RankingsService, GoodsAnalysisService: Top 6 stores and machines, a page of 10
    // goods), and the lists every group (ListsService).
    cases.push([`top stores: ${name}`, (x) => x.ranking(f(range), 'store', 'income', 6)]);
    cases.push([`top machines: ${name}`, (x) => x.ranking(f(range), 'sn', 'income', 6)]);
    cases.push([`top goods: ${name}`, (x) => x.goodsRanking(f(range), 'income', { offset: 0, limit: 10 })]);
    cases.push([`all machines: ${name}`, (x) => x.sums(f(range), 'sn')]);
    cases.push([`all goods: ${name}`, (x) => x.goodsSums(f(range), 'goods')]);
  }
  console.log(
    `\n${'facts'.padEnd(36)}${'rollup p50'.padStart(12)}${'p95'.padStart(9)}${'raw p50'.padStart(11)}${'p95'.padStart(9)}${'raw/rollup'.padStart(12)}`,
  );
  const differ: string[] = [];
  for (const [name, run] of cases.filter(([name]) => picked(name))) {
    const a = await measure(() => run(rollups));
    const b = await measure(() => run(raw));
    if (canonical(a.answer) !== canonical(b.answer)) differ.push(name);
    console.log(
      `${name.padEnd(36)}${ms(a.p50).padStart(12)}${ms(a.p95).padStart(9)}${ms(b.p50).padStart(11)}${ms(b.p95).padStart(9)}${`${(b.p50 / a.p50).toFixed(1)}×`.padStart(12)}`,
    );
  }
  // Every question above, answered from the rollups and by the GROUP BY: the same facts, or the seed is wrong.
  console.log(
    `\nrollups == raw: ${differ.length ? `NO (${differ.join('; ')})` : `yes (${cases.filter(([name]) => picked(name)).length} answers)`}`,
  );
  if (picked('crossover')) await crossover(k, r, f);
  if (differ.length) process.exitCode = 1;
  const sizes: string[] = [];
  for (const table of [
    'orders',
    'order_items',
    ...ROLLUP_TABLES,
    ...COARSE_ROLLUP_TABLES,
    ...SUM_RUN_TABLES,
  ]) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(k);
    sizes.push(`${table} ${Number(row.rows[0]?.n ?? 0).toLocaleString()}`);
  }
  console.log(`\nrows: ${sizes.join(', ')}`);
  await db.destroy();
}

/**
 * Where the day rollups and the running totals cross (RollupFacts' dayRollupSpan): the machine and goods
 * rankings and lists over 1 to 7 days read from each, p50 in the same run.
 */
async function crossover(
  k: Kysely<Database>,
  r: Ranges,
  f: (range: [number, number]) => FactFilter,
): Promise<void> {
  const byDays = new RollupFacts(k, ZONE, 20_000, 10_000);
  const byRuns = new RollupFacts(k, ZONE, 20_000, 0);
  const [today, end] = r.day;
  console.log(
    `\n${'crossover (p50 ms)'.padEnd(36)}${'day rollups'.padStart(12)}${'running totals'.padStart(16)}`,
  );
  for (const days of [1, 2, 3, 5, 7, 10, 14]) {
    const range: [number, number] = [today - (days - 1) * DAY, end];
    for (const [name, run] of [
      ['top machines', (x: SalesFacts) => x.ranking(f(range), 'sn', 'income', 6)],
      ['all machines', (x: SalesFacts) => x.sums(f(range), 'sn')],
      ['top goods', (x: SalesFacts) => x.goodsRanking(f(range), 'income', { offset: 0, limit: 10 })],
    ] as const) {
      const a = await measure(() => run(byDays));
      const b = await measure(() => run(byRuns));
      if (canonical(a.answer) !== canonical(b.answer)) throw new Error(`crossover ${name} ${days} d differ`);
      console.log(`${`${name}: ${days} d`.padEnd(36)}${ms(a.p50).padStart(12)}${ms(b.p50).padStart(16)}`);
    }
  }
}

/** A child process serving the API on the benchmark's database; answers its port. */
async function callFigures(target: 'sqlite' | 'postgres', setup: Setup): Promise<void> {
  // The bills benchmark's server is the API as `vendo serve` runs it, configured from the environment.
  const api = await serve(path.join(ROOT, 'bench/bills/bills-server.ts'), envOf(target));
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        answer: (await response.json()) as { rcode: number; msg: string; result: unknown },
      };
    };
    const login = await post('/p/v1/login', { username: PHONE, password: PASSWORD });
    const { token, secret } = login.answer.result as { token: string; secret: string };
    const headers = { token, secret };
    if ((await post('/api/v1/a/overview', {}, headers)).status === 404) {
      console.log('\n(the analytics calls are not served yet: no HTTP figures)');
      return;
    }
    const r = ranges(setup.now);
    // The picker sends the last ms of the range, or now.
    const range = ([start, end]: [number, number]) => ({
      start_time: start,
      end_time: Math.min(end, setup.now) - 1,
    });
    const store = setup.stores[7]!.id;
    const cases: Array<[string, string, unknown]> = [
      ['/a/overview', '/api/v1/a/overview', {}],
      ['/a/detail today (hours)', '/api/v1/a/detail', { condition: { ...range(r.today), bucket: 'hour' } }],
      ['/a/hours 93 days, one store', '/api/v1/a/hours', { condition: { ...range(r.days93), store } }],
      ['/a/days 93 days, one store', '/api/v1/a/days', { condition: { ...range(r.days93), store } }],
    ];
    for (const [name, span] of [
      ['day', r.day],
      ['week', r.week],
      ['month', r.month],
      ['93 days', r.days93],
    ] as const) {
      cases.push([`/a/storeDays ${name}`, '/api/v1/a/storeDays', { condition: range(span) }]);
      cases.push([`/a/devDays ${name}`, '/api/v1/a/devDays', { condition: range(span) }]);
      cases.push([`/a/goodSum ${name}`, '/api/v1/a/goodSum', { condition: range(span) }]);
    }
    console.log(`\n${'call (HTTP)'.padEnd(36)}${'p50 ms'.padStart(12)}${'p95 ms'.padStart(9)}`);
    for (const [name, url, body] of cases.filter(([name]) => picked(name))) {
      const figure = await measure(async () => {
        const { answer } = await post(url, body, headers);
        if (answer.rcode !== 0) throw new Error(`${name}: ${answer.msg}`);
      });
      console.log(`${name.padEnd(36)}${ms(figure.p50).padStart(12)}${ms(figure.p95).padStart(9)}`);
    }
  } finally {
    api.child.send('stop');
  }
}

for (const target of targets) {
  console.log(`\n== ${target === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${ORDERS.toLocaleString()} orders`);
  const setup = await prepare(target);
  console.log(
    `seeded in ${setup.seedSeconds.toFixed(1)} s, rollups built in ${setup.backfillSeconds.toFixed(1)} s, daily totals folded in ${setup.foldSeconds.toFixed(1)} s; ranges end at ${new Date(setup.now).toISOString()}; ${REPEAT} calls per figure (${BUDGET_MS / 1000} s at most)`,
  );
  await factFigures(target, setup);
  await callFigures(target, setup);
}
