import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { monthOf, nextMonth } from '../../modules/analytics/analytics-tables';
import { bigint, isPostgres } from '../schema-helpers';

/**
 * Issue 13: the coarse rollups (docs/analytics.md, decision 026). Per machine and per goods, by day and by UTC
 * month, without payment method and status in the key: the figures of the rankings and lists (machines, stores,
 * areas, goods) already summed by the rules of spec §4 (modules/analytics/coarse-sums.ts). They are fed by the
 * deltas the triggers of 0006 already append (RollupFacts.compact() folds each delta into these too), so a sale
 * writes nothing more. They start from the rollups of 0006, which hold everything folded so far: the deltas not
 * yet folded are folded into these as into those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const rollup of COARSE_ROLLUPS) {
    let table: CreateTableBuilder<string, string> = db.schema.createTable(rollup.table);
    for (const c of rollup.key)
      table = table.addColumn(c, c === 'sn' ? 'varchar(20)' : bigint, (b) => b.notNull());
    for (const c of rollup.sums) table = table.addColumn(c, bigint, (b) => b.notNull());
    table = table.addPrimaryKeyConstraint(`${rollup.table}_key`, [...rollup.key]);
    // SQLite keeps a rollup in its primary key's order (no rowid), so a range of it is read from one b-tree.
    await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  }
  // One machine's days (a machine's figures), one goods' days (the goods detail screens).
  await db.schema
    .createIndex('device_sum_days_sn')
    .on('device_sum_days')
    .columns(['merchant_id', 'sn', 'day'])
    .execute();
  await db.schema
    .createIndex('goods_sum_days_goods')
    .on('goods_sum_days')
    .columns(['merchant_id', 'goods_id', 'day'])
    .execute();
  await backfillCoarseRollups(db);
}

/*
 * The rules of spec §4 as modules/analytics/analysis-sums.ts applies them (success 3, 6, 7; refunds 8–11;
 * abnormal 1, 2, 5; cost for 3, 6, 7, 10, 11), spelled in SQL for the backfill over a row `t` of the rollups of
 * 0006; the fold derives the same from each delta in code (coarse-sums.ts), and the migration test proves the two
 * agree.
 */
const when = (test: string, value: string) => `(case when ${test} then ${value} else 0 end)`;
const status = (list: number[]) => `t.status in (${list.join(', ')})`;
const WX = "t.client = 'wechat'";
const ALIPAY = "t.client = 'alipay'";
const INCOME = '(t.amount - t.refund_fee)';
const WITH_COST = status([3, 6, 7, 10, 11]);

/** A machine's figures from rows of sales_device_days (per payment method and status). */
const DEVICE_SUMS = {
  n: 't.n',
  income: INCOME,
  refund: 't.refund_fee',
  wx_income: when(WX, INCOME),
  alipay_income: when(ALIPAY, INCOME),
  wx_refund: when(WX, 't.refund_fee'),
  alipay_refund: when(ALIPAY, 't.refund_fee'),
  success_n: when(status([3, 6, 7]), 't.n'),
  refund_n: when(status([8, 9, 10, 11]), 't.n'),
  wx_n: when(WX, 't.n'),
  alipay_n: when(ALIPAY, 't.n'),
  abnormal_n: when(status([1, 2, 5]), 't.n'),
  cost_price: when(WITH_COST, 't.cost_price'),
};

/** A goods' figures from rows of goods_days (per status): every unit, units and cost that left, income. */
const GOODS_SUMS = {
  units: 't.n',
  n: when(WITH_COST, 't.n'),
  income: 't.income',
  cost_price: when(WITH_COST, 't.cost_price'),
};
const DEVICE_SUM_COLUMNS = Object.keys(DEVICE_SUMS);
const GOODS_SUM_COLUMNS = Object.keys(GOODS_SUMS);

/** Each coarse rollup: its key in primary-key order and its sums. */
export const COARSE_ROLLUPS = [
  {
    table: 'device_sum_days',
    key: ['merchant_id', 'day', 'sn', 'store_id', 'area_id'],
    sums: DEVICE_SUM_COLUMNS,
  },
  {
    table: 'device_sum_months',
    key: ['merchant_id', 'month', 'sn', 'store_id', 'area_id'],
    sums: DEVICE_SUM_COLUMNS,
  },
  {
    table: 'goods_sum_days',
    key: ['merchant_id', 'day', 'goods_id', 'store_id', 'area_id'],
    sums: GOODS_SUM_COLUMNS,
  },
  {
    table: 'goods_sum_months',
    key: ['merchant_id', 'month', 'goods_id', 'store_id', 'area_id'],
    sums: GOODS_SUM_COLUMNS,
  },
] as const;
export const COARSE_ROLLUP_TABLES = COARSE_ROLLUPS.map((r) => r.table);

/**
 * Fills the coarse rollups from the folded rollups of 0006 (their device days and goods days, summed over payment
 * method and status), then the months from the days. Also what bench/analytics runs after a bulk load
 * (loadWithoutRollupTriggers of 0006 builds the rollups it starts from); the coarse rollups must be empty.
 */
export async function backfillCoarseRollups(db: Kysely<unknown>): Promise<void> {
  const select = (sums: Record<string, string>) =>
    Object.entries(sums)
      .map(([column, value]) => `sum(${value}) as ${column}`)
      .join(', ');
  const days: Array<[string, string, string, Record<string, string>]> = [
    ['device_sum_days', 'sales_device_days', 'sn', DEVICE_SUMS],
    ['goods_sum_days', 'goods_days', 'goods_id', GOODS_SUMS],
  ];
  for (const [into, from, what, sums] of days) {
    const keys = `merchant_id, day, ${what}, store_id, area_id`;
    await sql
      .raw(
        `INSERT INTO ${into} (${keys}, ${Object.keys(sums).join(', ')})
SELECT ${keys.replace(/(\w+)/g, 't.$1')}, ${select(sums)} FROM ${from} t GROUP BY ${keys.replace(/(\w+)/g, 't.$1')}`,
      )
      .execute(db);
  }
  for (const [into, from, what, sums] of [
    ['device_sum_months', 'device_sum_days', 'sn', DEVICE_SUM_COLUMNS],
    ['goods_sum_months', 'goods_sum_days', 'goods_id', GOODS_SUM_COLUMNS],
  ] as const) {
    const span = await sql<{ first: number | string | null; last: number | string | null }>`
      select min(day) as first, max(day) as last from ${sql.table(from)}`.execute(db);
    const { first, last } = span.rows[0] ?? { first: null, last: null };
    if (first === null || last === null) continue;
    const keys = `merchant_id, ${what}, store_id, area_id`;
    const summed = sums.map((c) => `sum(${c})`).join(', ');
    for (let month = monthOf(Number(first)); month <= Number(last); month = nextMonth(month)) {
      await sql
        .raw(
          `INSERT INTO ${into} (month, ${keys}, ${sums.join(', ')})
SELECT ${month}, ${keys}, ${summed} FROM ${from} WHERE day >= ${month} AND day < ${nextMonth(month)} GROUP BY ${keys}`,
        )
        .execute(db);
    }
  }
}
