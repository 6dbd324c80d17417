/**
 * The daily settlement under load (issue 16): one merchant with 10,000 payout accounts and 1,000,000 orders' ledger
 * entries in one day (2 % of them refunded in part), settled by the same `settleDay` the 13:00 job runs (one UPDATE
 * assigning the entries, one GROUP BY pricing them, then one record and its fee entry per account). Prints the
 * settlement's time beside a bare `SELECT account_id, sum(amount) … GROUP BY account_id` over the same rows,
 * measured in the same run, and their ratio; then checks the records add up to the entries. Payouts (10,000
 * transfers to the sandbox bank) are not part of the figure. It prints figures; it is not a test.
 *
 *   npm run bench:settlement -- [--orders 1000000] [--accounts 10000]
 *
 * SQLite by default (a fresh file under bench/out/settlement); PostgreSQL when DATABASE_URL is set (schema
 * bench_settlement, dropped and made again). Every run seeds afresh: a settlement changes what it settles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { dayBounds } from '../../packages/server/src/modules/funds/settlement-math';
import { openDatabase } from '../../packages/server/src/runtime';
import { signUpMerchant } from '../support/bench-kit';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const OUT = path.join(ROOT, 'bench/out/settlement');
const SCHEMA = 'bench_settlement';
const ZONE = 'Asia/Shanghai';
const DATE = '20261101';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    accounts: { type: 'string', default: '10000' },
  },
});
const ORDERS = Number(values.orders);
const ACCOUNTS = Number(values.accounts);
const DATABASE_URL = process.env['DATABASE_URL'] ?? '';
const POSTGRES = DATABASE_URL !== '';
if (!(ORDERS > 0 && ACCOUNTS > 0)) throw new Error('--orders and --accounts must be positive');

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATA_DIR: OUT,
  DATABASE_URL,
  DATABASE_SCHEMA: SCHEMA,
  VENDO_MODE: 'test',
  BROWSER_GATE: 'off',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  VENDO_SECRET: 'bench-settlement-secret-bench-settlement-01',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  // Afresh every time.
  if (POSTGRES) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await client.end();
  } else {
    fs.rmSync(OUT, { recursive: true, force: true });
  }
  fs.mkdirSync(OUT, { recursive: true });
  const config = loadConfig(env);
  const db = await openDatabase(config);
  const built = await buildApp({ config, db });
  const { merchantId } = await signUpMerchant(built, {
    phone: '13700137016',
    password: 'bench123456',
    name: 'Bench settlement',
  });
  const k = db.kysely;
  const { start, end } = dayBounds(DATE, ZONE);
  const now = Date.now();

  // Seeded set-based: the accounts, then the day's payments spread over the accounts and the day, then refunds.
  let t0 = performance.now();
  const series = (n: number) =>
    POSTGRES
      ? sql`select g as i from generate_series(1, ${n}::bigint) g`
      : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) select i from s`;
  await sql`insert into fund_accounts (merchant_id, account_key, card_id, manual_transfer, created_at)
    select ${merchantId}, 'card:' || (1000000 + g.i), 1000000 + g.i, 0, ${now} from (${series(ACCOUNTS)}) g`.execute(
    k,
  );
  const first = Number(
    (
      await k
        .selectFrom('fund_accounts')
        .select((eb) => eb.fn.min('id').as('id'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow()
    ).id,
  );
  const columns = sql`(merchant_id, account_id, kind, amount, ref, order_id, refund_id, order_no, sn, client, at,
    settlement_id, created_at, seller_id, role, share, split, day)`;
  await sql`insert into ledger_entries ${columns}
    select ${merchantId}, ${first} + (g.i % ${ACCOUNTS}), 'payment', 200 + (g.i % 18) * 100, 'pay:' || g.i, g.i,
      null, 'B' || g.i, '860000000001', 'wechat', ${start} + (g.i * 86399) % 86400000, null, ${now},
      ${merchantId}, 'main', 10000, 0, ${start}
    from (${series(ORDERS)}) g`.execute(k);
  await sql`insert into ledger_entries ${columns}
    select ${merchantId}, ${first} + (g.i % ${ACCOUNTS}), 'refund', -(100 + (g.i % 18) * 50), 'refund:' || g.i, g.i,
      g.i, 'B' || g.i, '860000000001', 'wechat', ${start} + (g.i * 86399) % 86400000 + 1000, null, ${now},
      ${merchantId}, 'main', 10000, 0, ${start}
    from (${series(ORDERS)}) g where g.i % 50 = 0`.execute(k);
  await sql`ANALYZE`.execute(k);
  const rows = Number(
    (
      await k
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `${POSTGRES ? 'PostgreSQL' : 'SQLite'}: seeded ${ACCOUNTS.toLocaleString()} accounts and ` +
      `${rows.toLocaleString()} ledger entries (${ORDERS.toLocaleString()} orders) in ${seconds(performance.now() - t0)}`,
  );

  // The bare GROUP BY over the same rows (warmed once, then timed).
  const bare = () =>
    k
      .selectFrom('ledger_entries')
      .select(['account_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('merchant_id', '=', merchantId)
      .where('settlement_id', 'is', null)
      .where('at', '<', end)
      .groupBy('account_id')
      .execute();
  await bare();
  t0 = performance.now();
  const sums = await bare();
  const bareMs = performance.now() - t0;

  t0 = performance.now();
  const outcome = await built.services.funds.settlement.settleDay(merchantId, DATE, ZONE);
  const settleMs = performance.now() - t0;

  // The records say what the entries say.
  const records = await k
    .selectFrom('settlements')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>('gross_amt').as('gross'),
      eb.fn.sum<number>('settle_amt').as('settle'),
      eb.fn.sum<number>('poundage').as('fee'),
    ])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const expected = sums.reduce((s, r) => s + Number(r.amount), 0);
  const ok =
    Number(records.n) === sums.length &&
    Number(records.gross) === expected &&
    Number(records.settle) + Number(records.fee) === expected;

  console.log(`bare GROUP BY account (${sums.length.toLocaleString()} groups): ${seconds(bareMs)}`);
  console.log(
    `settleDay: ${outcome.settlements.toLocaleString()} settlement records in ${seconds(settleMs)} — ` +
      `${(settleMs / bareMs).toFixed(1)}× the bare GROUP BY`,
  );
  console.log(
    `records add up to the entries: ${ok ? 'yes' : 'NO'} (gross ${expected.toLocaleString()} cents)`,
  );
  await built.app.close();
  await db.destroy();
  if (!ok) process.exitCode = 1;
}

await main();
