/**
 * The bill lists under load: /b/getBuyBill and /b/getPayBill over 1,000,000 orders of one merchant spread over
 * 93 days, each with its analysis block, over 93 and 930 days (the longest range they allow), with and without
 * filters. Prints requests/s and p50/p99 latency of each call beside a bare Fastify route, with the same load
 * loop (keep-alive fetch, a fixed number of concurrent clients). The bare route is measured beside each call,
 * interleaved with it (--rounds slices of each, alternating), so each ratio compares the two under the same load
 * on the machine. It prints figures; it is not a test.
 *
 *   npm run bench:bills -- [--orders 1000000] [--concurrency 8] [--seconds 5] [--rounds 3] [--db sqlite|postgres]
 *     [--only 93,WeChat] [--cpu-prof-dir DIR]
 *
 * --only keeps the calls whose name contains one of the given words (the bare route is always measured);
 * --cpu-prof-dir writes the API process' CPU profile there when it stops (node --cpu-prof).
 *
 * The seeded database is kept under bench/out/bills and reused by later runs with the same --orders.
 * With --db postgres it uses DATABASE_URL (schema bench_bills).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { startOfPeriod } from '../../packages/contract/src/constants';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import type { Database } from '../../packages/server/src/db/database';
import { OrderStats } from '../../packages/server/src/modules/orders/order-stats';
import { openDatabase } from '../../packages/server/src/runtime';
import { prng, serve, signUpMerchant } from '../support/bench-kit';
import { BILLS_OUT, billsBenchEnv } from './bench-env';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const OUT = BILLS_OUT;
const DAY = 86_400_000;
const PHONE = '13700137000';
const PASSWORD = 'bench123456';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    concurrency: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string', default: 'sqlite' },
    only: { type: 'string' },
    'cpu-prof-dir': { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const SECONDS = Number(values.seconds);
const ROUNDS = Math.max(1, Number(values.rounds));
const CORES = os.availableParallelism();

/**
 * The CPU budget of one request at 40 % of the bare route's rate R: 0.4 R requests a second may use the cores
 * (CORES seconds a second) for the server and the load loop together, so the server's share is
 * CORES / (0.4 R) − the loop's CPU per request.
 */
function budgetAt40(r: Figures): number {
  return (CORES * 1e6) / (0.4 * r.bareRps) - r.clientCpu;
}
const POSTGRES = values.db === 'postgres';
if (POSTGRES && !process.env['DATABASE_URL']) throw new Error('--db postgres needs DATABASE_URL');

const env = billsBenchEnv(POSTGRES);

/** A small seeded PRNG, so every run seeds the same orders. */
interface Setup {
  merchantId: number;
  stores: Array<{ id: number; areaId: number }>;
  sns: string[];
}

/** The merchant, its stores and machines, through the app's own calls; the orders are then written in bulk. */
async function prepare(): Promise<Setup> {
  fs.mkdirSync(OUT, { recursive: true });
  const config = loadConfig(env);
  const db = await openDatabase(config);
  const marker = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'bench_bills')
    .executeTakeFirst();
  if (marker) {
    const setup = JSON.parse(marker.value) as Setup & { orders: number };
    // A migration since the seed may have left deltas (0009 notes the orders already there): fold them first.
    await fold(db.kysely);
    await db.destroy();
    if (setup.orders === ORDERS) return setup;
    throw new Error(
      `bench/out/bills holds ${setup.orders} orders; delete it (or its schema) to seed ${ORDERS}`,
    );
  }
  const built = await buildApp({ config, db });
  const { services } = built;
  const { call, headers, merchantId } = await signUpMerchant(built, {
    phone: PHONE,
    password: PASSWORD,
    name: 'Bench',
  });
  const stores: Setup['stores'] = [];
  for (let a = 0; a < 2; a++) {
    const area = await call<{ _id: number }>('/api/v1/u/addArea', { name: `Area ${a + 1}` }, headers);
    for (let s = 0; s < 3; s++) {
      const store = await call<{ _id: number }>(
        '/api/v1/u/addStore',
        { name: `Store ${a + 1}-${s + 1}`, area: area._id },
        headers,
      );
      stores.push({ id: store._id, areaId: area._id });
    }
  }
  const sns: string[] = [];
  for (const device of await services.devices.provision(30, 'vm', 'bench')) {
    await call(
      '/api/v1/d/bind',
      {
        clientid: device.clientid,
        sn: device.sn,
        sign: device.sign,
        title: `Machine ${sns.length + 1}`,
        type: 'vm',
      },
      headers,
    );
    const store = stores[sns.length % stores.length]!;
    await call('/api/v1/d/editDev', { sn: device.sn, store_id: store.id }, headers);
    sns.push(device.sn);
  }
  await built.app.close();
  const setup: Setup = { merchantId: merchantId, stores, sns };
  const started = performance.now();
  await (POSTGRES ? seedPostgres(setup) : seedSqlite(setup));
  // The triggers noted every order for the totals; fold them as the jobs would.
  await fold(db.kysely);
  console.log(
    `\nseeded ${ORDERS.toLocaleString()} orders in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.kysely
    .insertInto('settings')
    .values({ key: 'bench_bills', value: JSON.stringify({ ...setup, orders: ORDERS }) })
    .execute();
  await db.destroy();
  return setup;
}

/** Folds every delta into the totals, as the order jobs do. */
async function fold(db: Kysely<Database>): Promise<void> {
  const stats = new OrderStats(db);
  while ((await stats.compact(50_000, 10)) > 0) process.stdout.write('.');
}

const ORDER_COLUMNS = [
  'order_no',
  'merchant_id',
  'sn',
  'device_type',
  'area_id',
  'store_id',
  'kind',
  'source',
  'client',
  'status',
  'amount',
  'cost_price',
  'refund_fee',
  'refund_reserved',
  'merchant_order',
  'payer',
  'cardno',
  'goods_err',
  'created_at',
  'paid_at',
  'sale_day',
  'finished_at',
  'updated_at',
] as const;
const ITEM_COLUMNS = [
  'order_id',
  'position',
  'channel_sn',
  'goods_name',
  'price',
  'cost_price',
  'quantity',
  'delivered',
  'fault',
] as const;

/** Order i of the benchmark: a plausible mix of payment methods, results and refunds over 93 days. */
function order(i: number, setup: Setup, random: () => number, now: number) {
  const sn = setup.sns[Math.floor(random() * setup.sns.length)]!;
  const store = setup.stores[setup.sns.indexOf(sn) % setup.stores.length]!;
  const r = random();
  const client =
    r < 0.5
      ? 'wechat'
      : r < 0.78
        ? 'alipay'
        : r < 0.9
          ? 'coin'
          : r < 0.95
            ? 'bill'
            : r < 0.98
              ? 'iccard'
              : 'remote';
  const s = random();
  const channel = client === 'wechat' || client === 'alipay';
  let status =
    s < 0.9
      ? 3
      : s < 0.94
        ? 4
        : channel && s < 0.97
          ? 8
          : channel && s < 0.98
            ? 9
            : channel && s < 0.99
              ? 11
              : s < 0.995
                ? 5
                : 3;
  if (!channel && (status === 8 || status === 9 || status === 11)) status = 3;
  const amount = client === 'remote' ? 0 : 200 + Math.floor(random() * 18) * 100;
  const refund = status === 8 || status === 9 ? amount : status === 11 ? Math.floor(amount / 2) : 0;
  const cost = status === 3 || status === 11 ? Math.floor(amount * 0.45) : 0;
  const paidAt = now - Math.floor(random() * 93 * DAY);
  return {
    order_no: `B${String(i).padStart(12, '0')}`,
    merchant_id: setup.merchantId,
    sn,
    device_type: 'vm',
    area_id: store.areaId,
    store_id: store.id,
    kind: 'goods',
    source: channel ? 'customer' : 'machine',
    client,
    status,
    amount,
    cost_price: cost,
    refund_fee: refund,
    refund_reserved: refund,
    merchant_order: channel ? `42${String(i).padStart(24, '0')}` : '',
    payer: channel ? `o${Math.floor(random() * 50_000)}` : '',
    cardno: client === 'iccard' ? `C${100000 + Math.floor(random() * 2_000)}` : '',
    goods_err: status === 4 || status === 5 ? String(1 + Math.floor(random() * 10)) : '',
    created_at: paidAt,
    paid_at: paidAt,
    sale_day: startOfPeriod('day', paidAt, 'Asia/Shanghai'),
    finished_at: paidAt + 2_000,
    updated_at: paidAt + 2_000,
  };
}

function item(orderId: number, o: ReturnType<typeof order>) {
  const delivered = o.status === 4 || o.status === 5 || o.status === 8 ? 0 : 1;
  return {
    order_id: orderId,
    position: 1 + (orderId % 25),
    channel_sn: 1 + (orderId % 25),
    goods_name: `Goods ${orderId % 40}`,
    price: o.amount,
    cost_price: Math.floor(o.amount * 0.45),
    quantity: 1,
    delivered,
    fault: delivered ? '' : o.goods_err,
  };
}

async function seedSqlite(setup: Setup): Promise<void> {
  const sqlite = new SQLite(path.join(OUT, 'vendo.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insertOrder = sqlite.prepare(
    `insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertItem = sqlite.prepare(
    `insert into order_items (${ITEM_COLUMNS.join(', ')}) values (${ITEM_COLUMNS.map(() => '?').join(', ')})`,
  );
  const random = prng(42);
  const now = Date.now();
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const o = order(i, setup, random, now);
      const { lastInsertRowid } = insertOrder.run(...ORDER_COLUMNS.map((c) => o[c]));
      const it = item(Number(lastInsertRowid), o);
      insertItem.run(...ITEM_COLUMNS.map((c) => it[c]));
    }
  });
  for (let i = 0; i < ORDERS; i += 50_000) {
    batch(i, Math.min(ORDERS, i + 50_000));
    process.stdout.write(`\r  seeding ${Math.min(ORDERS, i + 50_000).toLocaleString()} orders`);
  }
  process.stdout.write('\n');
  // Only the tables the seed filled: statistics of a one-row sessions table made SQLite scan it on every call.
  sqlite.exec('ANALYZE orders; ANALYZE order_items');
  sqlite.pragma('synchronous = FULL');
  sqlite.close();
}

async function seedPostgres(setup: Setup): Promise<void> {
  const client = new pg.Client({
    connectionString: env['DATABASE_URL'],
    options: '-c search_path=bench_bills',
  });
  await client.connect();
  const random = prng(42);
  const now = Date.now();
  const types: Record<string, string> = {};
  for (const c of ORDER_COLUMNS)
    types[c] = [
      'merchant_id',
      'area_id',
      'store_id',
      'status',
      'amount',
      'cost_price',
      'refund_fee',
      'refund_reserved',
      'created_at',
      'paid_at',
      'sale_day',
      'finished_at',
      'updated_at',
    ].includes(c)
      ? 'bigint'
      : 'text';
  for (let i = 0; i < ORDERS; i += 20_000) {
    const rows = Array.from({ length: Math.min(20_000, ORDERS - i) }, (_, k) =>
      order(i + k, setup, random, now),
    );
    const columns = ORDER_COLUMNS.map((c) => rows.map((r) => r[c]));
    const inserted = await client.query<{ id: string; n: number }>(
      `insert into orders (${ORDER_COLUMNS.join(', ')}) select * from unnest(${ORDER_COLUMNS.map((c, k) => `$${k + 1}::${types[c]}[]`).join(', ')}) returning id`,
      columns,
    );
    const items = inserted.rows.map((r, k) => item(Number(r.id), rows[k]!));
    await client.query(
      `insert into order_items (${ITEM_COLUMNS.join(', ')}) select * from unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::int[], $9::text[])`,
      ITEM_COLUMNS.map((c) => items.map((it) => it[c])),
    );
    process.stdout.write(`\r  seeding ${(i + rows.length).toLocaleString()} orders`);
  }
  process.stdout.write('\n');
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze order_items');
  await client.end();
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  count: number;
  /** The bare route's requests/s in the slices interleaved with this call's. */
  bareRps: number;
  /** CPU per request (µs) of the server's process (all its threads), of this call and of the bare route. */
  serverCpu: number;
  bareServerCpu: number;
  /** CPU per request (µs) of this load loop (fetch, JSON), which shares the machine's cores with the server. */
  clientCpu: number;
}

/** A process' CPU so far in µs (user + system, all threads), from /proc: NaN where there is none. */
function cpuOfProcess(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/** A call under load: its URL, body and headers, and the pid of the process answering it. */
interface Target {
  name: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  pid: number | undefined;
}

function sender(t: Target) {
  return async () => {
    const r = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...t.headers },
      body: JSON.stringify(t.body),
    });
    const answer = (await r.json()) as { rcode: number; msg: string };
    if (answer.rcode !== 0) throw new Error(`${t.name}: ${answer.msg}`);
  };
}

/**
 * CONCURRENCY clients each sending one request after the other for `ms`: the latencies, the time taken, and the
 * CPU (µs) the server's process and this loop spent in it.
 */
async function slice(
  t: Target,
  ms: number,
): Promise<{ latencies: number[]; seconds: number; serverCpu: number; clientCpu: number }> {
  const send = sender(t);
  const latencies: number[] = [];
  const server0 = cpuOfProcess(t.pid);
  const client0 = process.cpuUsage();
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await send();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const client = process.cpuUsage(client0);
  return {
    latencies,
    seconds: (performance.now() - started) / 1000,
    serverCpu: cpuOfProcess(t.pid) - server0,
    clientCpu: client.user + client.system,
  };
}

/**
 * A call for SECONDS in ROUNDS slices, each after a slice of the bare route as long (after a short warm-up of
 * both), so that the two see the same load on the machine.
 */
async function measure(t: Target, bare: Target): Promise<Figures> {
  const warmUntil = performance.now() + 1_000;
  const send = sender(t);
  while (performance.now() < warmUntil) await send();
  const latencies: number[] = [];
  let seconds = 0;
  let bareCount = 0;
  let bareSeconds = 0;
  let bareServerCpu = 0;
  let serverCpu = 0;
  let clientCpu = 0;
  const ms = (SECONDS * 1000) / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    const b = await slice(bare, ms);
    bareCount += b.latencies.length;
    bareSeconds += b.seconds;
    bareServerCpu += b.serverCpu;
    const c = await slice(t, ms);
    latencies.push(...c.latencies);
    seconds += c.seconds;
    serverCpu += c.serverCpu;
    clientCpu += c.clientCpu;
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name: t.name,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    count: latencies.length,
    bareRps: bareCount / bareSeconds,
    serverCpu: serverCpu / latencies.length,
    bareServerCpu: bareServerCpu / bareCount,
    clientCpu: clientCpu / latencies.length,
  };
}

const setup = await prepare();
const profile = values['cpu-prof-dir'];
const api = await serve(
  path.join(ROOT, 'bench/bills/bills-server.ts'),
  profile
    ? {
        ...env,
        NODE_OPTIONS: `${env['NODE_OPTIONS'] ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(profile)}`,
      }
    : env,
);
const bare = await serve(path.join(ROOT, 'bench/bills/bare-server.ts'), env);
try {
  const base = `http://127.0.0.1:${api.port}`;
  const login = (await (
    await fetch(`${base}/p/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: PHONE, password: PASSWORD }),
    })
  ).json()) as { result: { token: string; secret: string } };
  const headers = { token: login.result.token, secret: login.result.secret };
  const now = Date.now();
  const range = { start_time: now - 93 * DAY + 60_000, end_time: now + 60_000 };
  // The longest range a bill list takes (decision 018): 930 days back.
  const long = { start_time: now - 929 * DAY, end_time: now + 60_000 };
  const results: Figures[] = [];
  const bareRoute: Target = {
    name: 'bare Fastify route',
    url: `http://127.0.0.1:${bare.port}/bare`,
    body: {},
    headers: {},
    pid: bare.child.pid,
  };
  // Warm the bare route once; each call below measures it again beside itself.
  await slice(bareRoute, 1_000);
  const cases: Array<[string, string, unknown]> = [
    ['getBuyBill today (default)', '/api/v1/b/getBuyBill', {}],
    ['getBuyBill 93 days, page 1', '/api/v1/b/getBuyBill', { condition: range }],
    ['getBuyBill 93 days, page 500', '/api/v1/b/getBuyBill', { pageNum: 500, condition: range }],
    ['getBuyBill 930 days, page 1', '/api/v1/b/getBuyBill', { condition: long }],
    [
      'getBuyBill 93 days, one store',
      '/api/v1/b/getBuyBill',
      { condition: { ...range, store: setup.stores[1]!.id } },
    ],
    [
      'getBuyBill 93 days, one machine',
      '/api/v1/b/getBuyBill',
      { condition: { ...range, sn: setup.sns[3] } },
    ],
    ['getBuyBill 93 days, abnormal', '/api/v1/b/getBuyBill', { condition: { ...range, abnormal: true } }],
    ['getPayBill today (default)', '/api/v1/b/getPayBill', {}],
    ['getPayBill 93 days, page 1', '/api/v1/b/getPayBill', { condition: range }],
    ['getPayBill 93 days, WeChat', '/api/v1/b/getPayBill', { condition: { ...range, client: 'wechat' } }],
    [
      'getPayBill 930 days, 5-10 yuan',
      '/api/v1/b/getPayBill',
      { condition: { ...long, price_start: 500, price_end: 1000 } },
    ],
    [
      'getPayBill 93 days, WeChat, 5-10 yuan',
      '/api/v1/b/getPayBill',
      { condition: { ...range, client: 'wechat', price_start: 500, price_end: 1000 } },
    ],
    [
      'getPayBill 93 days, one order number',
      '/api/v1/b/getPayBill',
      { condition: { ...range, order_no: 'B000000123456' } },
    ],
  ];
  const only = values.only?.split(',').filter(Boolean);
  for (const [name, p, body] of cases) {
    if (only && !only.some((word) => name.includes(word))) continue;
    results.push(await measure({ name, url: `${base}${p}`, body, headers, pid: api.child.pid }, bareRoute));
  }
  console.log(
    `\n${ORDERS.toLocaleString()} orders on ${POSTGRES ? 'PostgreSQL' : 'SQLite'}, ${CONCURRENCY} clients, ${SECONDS} s each in ${ROUNDS} slices, each after a slice of the bare route\n`,
  );
  console.log(
    `${'call'.padEnd(42)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'bare/s'.padStart(10)}${'vs bare'.padStart(10)}` +
      `${'server µs'.padStart(11)}${'bare µs'.padStart(9)}${'loop µs'.padStart(9)}${'40% µs'.padStart(9)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(42)}${r.rps.toFixed(0).padStart(10)}${r.p50.toFixed(1).padStart(10)}${r.p99.toFixed(1).padStart(10)}${r.bareRps.toFixed(0).padStart(10)}${`${((r.rps / r.bareRps) * 100).toFixed(1)}%`.padStart(10)}` +
        `${r.serverCpu.toFixed(0).padStart(11)}${r.bareServerCpu.toFixed(0).padStart(9)}${r.clientCpu.toFixed(0).padStart(9)}${budgetAt40(r).toFixed(0).padStart(9)}`,
    );
  }
  console.log(
    `\nserver µs, bare µs: CPU per request of the API's process (all threads) and of the bare route's; loop µs: this\n` +
      `load loop's CPU per request of the call. 40% µs: the most CPU a request of the call could cost the server for\n` +
      `the call to run at 40 % of the bare route beside it, if the ${CORES} cores were all the call's and the loop's.\n`,
  );
} finally {
  api.child.send('stop');
  bare.child.send('stop');
}
