import { sql, type Kysely } from 'kysely';
import { bigint, isPostgres } from '../schema-helpers';

/** Bucket lengths of the machine cut: 16 hours up to 4096 (as the store and amount cut of 0009). */
export const MACHINE_GRAINS = [16, 64, 256, 1024, 4096].map((hours) => hours * 3_600_000);

/**
 * Issue 13: a machine's bill list (`condition.sn`) from totals (decision 049, docs/orders.md "Bills").
 *
 * `order_machine_stats` holds the sums of the bill analysis per machine (sn), store, area, payment method, status
 * and priced, over buckets of 16, 64, 256, 1024 and 4096 hours aligned on the epoch (as `order_stats`, 0009), so
 * a machine's 93 days are a few dozen rows instead of its ~33,000 orders at 1,000,000. The deltas now carry the
 * machine (`order_stat_deltas.sn`); the fold (OrderStats.compact) writes a delta with a machine into this table
 * too. Deltas written before this migration have no machine (null): the machine totals of the orders already
 * there are summed here from the orders themselves, so those deltas are folded into the other cuts only, and a
 * machine's sum (its totals + its unfolded deltas) is exact from the first moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // No order changes while the triggers are replaced and the orders summed (PostgreSQL: a process still running
  // the previous version waits for this transaction; SQLite: the migration holds the write lock already).
  if (pg) await sql`LOCK TABLE orders IN SHARE MODE`.execute(db);

  let totals = db.schema
    .createTable('order_machine_stats')
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    .addColumn('grain', bigint, (c) => c.notNull())
    .addColumn('period', bigint, (c) => c.notNull())
    .addColumn('client', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('priced', 'integer', (c) => c.notNull())
    .addColumn('store_id', bigint, (c) => c.notNull())
    .addColumn('area_id', bigint, (c) => c.notNull())
    .addColumn('n', bigint, (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('refund_fee', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('order_machine_stats_key', [
      'merchant_id',
      'sn',
      'grain',
      'period',
      'client',
      'status',
      'priced',
      'store_id',
      'area_id',
    ]);
  totals = pg ? totals.modifyEnd(sql`WITH (fillfactor = 70)`) : totals.modifyEnd(sql`WITHOUT ROWID`);
  await totals.execute();

  await db.schema.alterTable('order_stat_deltas').addColumn('sn', 'varchar(20)').execute();

  // The triggers of 0009 with the machine: the same columns, plus sn (watched too).
  const columns =
    'merchant_id, slot, store_id, area_id, price, client, status, sn, n, amount, refund_fee, cost_price';
  const values = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
    `${row}.merchant_id, ${row}.paid_at - ${row}.paid_at % 3600000, coalesce(${row}.store_id, 0), ` +
    `coalesce(${row}.area_id, 0), ${row}.amount, ${row}.client, ${row}.status, ${row}.sn, ${sign}, ` +
    `${sign} * ${row}.amount, ${sign} * ${row}.refund_fee, ${sign} * ${row}.cost_price`;
  const watched = [
    'paid_at',
    'store_id',
    'area_id',
    'client',
    'status',
    'amount',
    'refund_fee',
    'cost_price',
    'sn',
  ];
  if (pg) {
    const changed = watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION orders_stat_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT (${changed}) THEN RETURN NULL; END IF;
    IF OLD.paid_at IS NOT NULL THEN
      INSERT INTO order_stat_deltas (${columns}) VALUES (${values('OLD', -1)});
    END IF;
  END IF;
  IF NEW.paid_at IS NOT NULL THEN
    INSERT INTO order_stat_deltas (${columns}) VALUES (${values('NEW', 1)});
  END IF;
  RETURN NULL;
END $$`,
      )
      .execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS orders_stat_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS orders_stat_update`.execute(db);
    const changed = watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER orders_stat_insert AFTER INSERT ON orders WHEN NEW.paid_at IS NOT NULL BEGIN
  INSERT INTO order_stat_deltas (${columns}) VALUES (${values('NEW', 1)});
END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER orders_stat_update AFTER UPDATE ON orders WHEN ${changed} BEGIN
  INSERT INTO order_stat_deltas (${columns}) SELECT ${values('OLD', -1)} WHERE OLD.paid_at IS NOT NULL;
  INSERT INTO order_stat_deltas (${columns}) SELECT ${values('NEW', 1)} WHERE NEW.paid_at IS NOT NULL;
END`,
      )
      .execute(db);
  }

  await noteMachineTotals(db);
}

/**
 * The machine totals of every order already there, summed from the orders (the finest length) and then from the
 * length below (each four times the one before). Exported for the property test, which replays this moment.
 */
export async function noteMachineTotals(db: Kysely<unknown>): Promise<void> {
  const keys = 'client, status, priced, store_id, area_id';
  const sums = 'n, amount, refund_fee, cost_price';
  const all = `merchant_id, sn, grain, period, client, status, priced, store_id, area_id, ${sums}`;
  const [finest = 0, ...coarser] = MACHINE_GRAINS;
  await sql
    .raw(
      `INSERT INTO order_machine_stats (${all})
SELECT merchant_id, sn, ${finest}, period, client, status, priced, store_id, area_id,
  count(*), sum(amount), sum(refund_fee), sum(cost_price)
FROM (SELECT merchant_id, sn, paid_at - paid_at % ${finest} AS period, client, status,
    CASE WHEN amount > 0 THEN 1 ELSE 0 END AS priced, coalesce(store_id, 0) AS store_id,
    coalesce(area_id, 0) AS area_id, amount, refund_fee, cost_price
  FROM orders WHERE paid_at IS NOT NULL) o
GROUP BY merchant_id, sn, period, ${keys}`,
    )
    .execute(db);
  let below = finest;
  for (const grain of coarser) {
    await sql
      .raw(
        `INSERT INTO order_machine_stats (${all})
SELECT merchant_id, sn, ${grain}, period - period % ${grain}, ${keys},
  sum(n), sum(amount), sum(refund_fee), sum(cost_price)
FROM order_machine_stats WHERE grain = ${below}
GROUP BY merchant_id, sn, period - period % ${grain}, ${keys}`,
      )
      .execute(db);
    below = grain;
  }
}
