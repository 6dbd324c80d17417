import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { bigint, isPostgres, withId } from '../schema-helpers';

/**
 * Issue 13: the bill totals by time bucket instead of by local day (docs/orders.md, decision 025).
 *
 * `order_stat_deltas` now notes each change of an order by its paid hour (`slot`, UTC epoch ms floored to the
 * hour) with everything a bill filter may ask of the totals: store, area, payment method, status and the order's
 * own amount (`price`, for the price filters). The order jobs fold them (OrderStats.compact) into `order_stats`,
 * which holds four cuts of the same sums over buckets of 1, 4, 16, 64, 256, 1024 and 4096 hours aligned on the
 * epoch: per merchant (cut 0), per store and area (cut 1), per store, area and amount (cut 2, from 16 hours up),
 * per amount (cut 3, from 4 hours up); the cuts are the fold's (OrderStats), the table holds any. A range of any
 * length is read as a few dozen buckets plus its edges (less than a bucket) from the orders. A dimension a cut
 * does not keep is -1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`DROP TRIGGER IF EXISTS orders_stat ON orders`.execute(db);
    await sql`DROP FUNCTION IF EXISTS orders_stat_delta()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS orders_stat_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS orders_stat_update`.execute(db);
  }
  await db.schema.dropTable('order_stat_deltas').execute();
  await db.schema.dropTable('order_stats').execute();

  const sums = (table: CreateTableBuilder<string, string>) =>
    table
      .addColumn('n', bigint, (c) => c.notNull())
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('refund_fee', bigint, (c) => c.notNull())
      .addColumn('cost_price', bigint, (c) => c.notNull());
  let totals = sums(
    db.schema
      .createTable('order_stats')
      .addColumn('merchant_id', bigint, (c) => c.notNull())
      .addColumn('cut', 'integer', (c) => c.notNull())
      .addColumn('grain', bigint, (c) => c.notNull())
      .addColumn('period', bigint, (c) => c.notNull())
      .addColumn('store_id', bigint, (c) => c.notNull())
      .addColumn('area_id', bigint, (c) => c.notNull())
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('client', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('priced', 'integer', (c) => c.notNull()),
  ).addPrimaryKeyConstraint('order_stats_key', [
    'merchant_id',
    'cut',
    'grain',
    'period',
    'price',
    'client',
    'status',
    'priced',
    'store_id',
    'area_id',
  ]);
  // The amount right after the bucket: a price range seeks within each bucket instead of reading all of it.
  // The sums change in place: on PostgreSQL free room in each page lets those updates stay on the page (HOT),
  // pruned without a vacuum; on SQLite the rows live in the key's b-tree itself.
  totals = pg ? totals.modifyEnd(sql`WITH (fillfactor = 70)`) : totals.modifyEnd(sql`WITHOUT ROWID`);
  await totals.execute();

  await sums(
    withId(db, db.schema.createTable('order_stat_deltas'))
      .addColumn('merchant_id', bigint, (c) => c.notNull())
      .addColumn('slot', bigint, (c) => c.notNull())
      .addColumn('store_id', bigint, (c) => c.notNull())
      .addColumn('area_id', bigint, (c) => c.notNull())
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('client', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('order_stat_deltas_slot')
    .on('order_stat_deltas')
    .columns(['merchant_id', 'slot'])
    .execute();

  const columns =
    'merchant_id, slot, store_id, area_id, price, client, status, n, amount, refund_fee, cost_price';
  const values = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
    `${row}.merchant_id, ${row}.paid_at - ${row}.paid_at % 3600000, coalesce(${row}.store_id, 0), ` +
    `coalesce(${row}.area_id, 0), ${row}.amount, ${row}.client, ${row}.status, ${sign}, ${sign} * ${row}.amount, ` +
    `${sign} * ${row}.refund_fee, ${sign} * ${row}.cost_price`;
  const watched = [
    'paid_at',
    'store_id',
    'area_id',
    'client',
    'status',
    'amount',
    'refund_fee',
    'cost_price',
  ];
  if (pg) {
    const changed = watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE FUNCTION orders_stat_delta() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await sql
      .raw(
        'CREATE TRIGGER orders_stat AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_stat_delta()',
      )
      .execute(db);
  } else {
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

  // The orders already there, one delta per hour and key: the order jobs fold them like any other.
  await sql
    .raw(
      `INSERT INTO order_stat_deltas (${columns})
SELECT merchant_id, paid_at - paid_at % 3600000, coalesce(store_id, 0), coalesce(area_id, 0), amount, client,
  status, count(*), sum(amount), sum(refund_fee), sum(cost_price)
FROM orders WHERE paid_at IS NOT NULL
GROUP BY merchant_id, paid_at - paid_at % 3600000, coalesce(store_id, 0), coalesce(area_id, 0), amount, client, status`,
    )
    .execute(db);
}
