import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { bigint, isPostgres, withId } from '../schema-helpers';

/**
 * The analytics rollups (docs/analytics.md, decision 015). Like the daily totals of migration 0004, triggers
 * append every change that matters as a delta (−old, +new; nothing shared is updated, so concurrent sales never
 * wait on each other) and RollupFacts.compact() folds the deltas into the rollups. One sales delta feeds the store
 * hours, the store days and the device days; one goods delta per item feeds the goods hours and goods days.
 *
 * Counted: orders that were paid (sale_day, paid_at set) and took money (amount > 0). The hour of an order is its
 * local hour start, sale_day + whole hours since it, so every zone (half-hour offsets included) buckets right.
 * A goods item's income is its share of the order's income, price × quantity × (amount − refund) / amount,
 * truncated per item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // SQLite keeps a rollup in its primary key's order (no rowid), so a range of it is read from one b-tree.
  const clustered = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    pg ? t : t.modifyEnd(sql`without rowid`);

  await clustered(
    orderSums(
      db.schema
        .createTable('sales_hours')
        .addColumn('merchant_id', bigint, (c) => c.notNull())
        .addColumn('hour', bigint, (c) => c.notNull())
        .addColumn('store_id', bigint, (c) => c.notNull())
        .addColumn('area_id', bigint, (c) => c.notNull())
        .addColumn('client', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('day', bigint, (c) => c.notNull()),
    ).addPrimaryKeyConstraint('sales_hours_key', [...SALES_HOUR_KEY]),
  ).execute();
  // One store's hours (a store's statistics, and the part days of a store's ranges).
  await db.schema
    .createIndex('sales_hours_store')
    .on('sales_hours')
    .columns(['merchant_id', 'store_id', 'hour'])
    .execute();

  await clustered(
    orderSums(
      db.schema
        .createTable('sales_days')
        .addColumn('merchant_id', bigint, (c) => c.notNull())
        .addColumn('day', bigint, (c) => c.notNull())
        .addColumn('store_id', bigint, (c) => c.notNull())
        .addColumn('area_id', bigint, (c) => c.notNull())
        .addColumn('client', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull()),
    ).addPrimaryKeyConstraint('sales_days_key', [...SALES_DAY_KEY]),
  ).execute();

  await clustered(
    orderSums(
      db.schema
        .createTable('sales_device_days')
        .addColumn('merchant_id', bigint, (c) => c.notNull())
        .addColumn('day', bigint, (c) => c.notNull())
        .addColumn('sn', 'varchar(20)', (c) => c.notNull())
        .addColumn('store_id', bigint, (c) => c.notNull())
        .addColumn('area_id', bigint, (c) => c.notNull())
        .addColumn('client', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull()),
    ).addPrimaryKeyConstraint('sales_device_days_key', [...DEVICE_DAY_KEY]),
  ).execute();
  // One machine's days (a machine's figures, the device filter).
  await db.schema
    .createIndex('sales_device_days_sn')
    .on('sales_device_days')
    .columns(['merchant_id', 'sn', 'day'])
    .execute();

  await orderSums(
    withId(db, db.schema.createTable('sales_deltas'))
      .addColumn('merchant_id', bigint, (c) => c.notNull())
      .addColumn('day', bigint, (c) => c.notNull())
      .addColumn('hour', bigint, (c) => c.notNull())
      .addColumn('sn', 'varchar(20)', (c) => c.notNull())
      .addColumn('store_id', bigint, (c) => c.notNull())
      .addColumn('area_id', bigint, (c) => c.notNull())
      .addColumn('client', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('sales_deltas_hour')
    .on('sales_deltas')
    .columns(['merchant_id', 'hour'])
    .execute();

  await clustered(
    goodsSums(
      db.schema
        .createTable('goods_hours')
        .addColumn('merchant_id', bigint, (c) => c.notNull())
        .addColumn('hour', bigint, (c) => c.notNull())
        .addColumn('goods_id', bigint, (c) => c.notNull())
        .addColumn('store_id', bigint, (c) => c.notNull())
        .addColumn('area_id', bigint, (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('day', bigint, (c) => c.notNull()),
    ).addPrimaryKeyConstraint('goods_hours_key', [...GOODS_HOUR_KEY]),
  ).execute();
  // One goods' hours and days (the goods detail screens).
  await db.schema
    .createIndex('goods_hours_goods')
    .on('goods_hours')
    .columns(['merchant_id', 'goods_id', 'hour'])
    .execute();

  await clustered(
    goodsSums(
      db.schema
        .createTable('goods_days')
        .addColumn('merchant_id', bigint, (c) => c.notNull())
        .addColumn('day', bigint, (c) => c.notNull())
        .addColumn('goods_id', bigint, (c) => c.notNull())
        .addColumn('store_id', bigint, (c) => c.notNull())
        .addColumn('area_id', bigint, (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull()),
    ).addPrimaryKeyConstraint('goods_days_key', [...GOODS_DAY_KEY]),
  ).execute();
  await db.schema
    .createIndex('goods_days_goods')
    .on('goods_days')
    .columns(['merchant_id', 'goods_id', 'day'])
    .execute();

  await goodsSums(
    withId(db, db.schema.createTable('goods_deltas'))
      .addColumn('merchant_id', bigint, (c) => c.notNull())
      .addColumn('day', bigint, (c) => c.notNull())
      .addColumn('hour', bigint, (c) => c.notNull())
      .addColumn('goods_id', bigint, (c) => c.notNull())
      .addColumn('store_id', bigint, (c) => c.notNull())
      .addColumn('area_id', bigint, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('goods_deltas_hour')
    .on('goods_deltas')
    .columns(['merchant_id', 'hour'])
    .execute();

  await (pg ? postgresTriggers(db) : sqliteTriggers(db));
  await backfill(db);
}

const SALES_HOUR_KEY = ['merchant_id', 'hour', 'store_id', 'area_id', 'client', 'status', 'day'] as const;
const SALES_DAY_KEY = ['merchant_id', 'day', 'store_id', 'area_id', 'client', 'status'] as const;
const DEVICE_DAY_KEY = ['merchant_id', 'day', 'sn', 'store_id', 'area_id', 'client', 'status'] as const;
const GOODS_HOUR_KEY = ['merchant_id', 'hour', 'goods_id', 'store_id', 'area_id', 'status', 'day'] as const;
const GOODS_DAY_KEY = ['merchant_id', 'day', 'goods_id', 'store_id', 'area_id', 'status'] as const;

function orderSums<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('n', bigint, (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('refund_fee', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull());
}

function goodsSums<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('n', bigint, (c) => c.notNull())
    .addColumn('income', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull());
}

// The SQL the triggers and the backfill share. `o` is an order row (NEW, OLD or an alias), `i` an item row.
const counted = (o: string) => `${o}.sale_day IS NOT NULL AND ${o}.paid_at IS NOT NULL AND ${o}.amount > 0`;
const hourOf = (o: string) => `${o}.sale_day + ((${o}.paid_at - ${o}.sale_day) / 3600000) * 3600000`;

const SALES_DELTA_COLUMNS =
  'merchant_id, day, hour, sn, store_id, area_id, client, status, n, amount, refund_fee, cost_price';
const salesDelta = (o: string, sign: 1 | -1) =>
  `${o}.merchant_id, ${o}.sale_day, ${hourOf(o)}, ${o}.sn, coalesce(${o}.store_id, 0), ` +
  `coalesce(${o}.area_id, 0), ${o}.client, ${o}.status, ${sign}, ${sign} * ${o}.amount, ` +
  `${sign} * ${o}.refund_fee, ${sign} * ${o}.cost_price`;

const GOODS_DELTA_COLUMNS =
  'merchant_id, day, hour, store_id, area_id, goods_id, status, n, income, cost_price';
const goodsIncome = (o: string, i: string) =>
  `${i}.price * ${i}.quantity * (${o}.amount - ${o}.refund_fee) / ${o}.amount`;
const goodsDelta = (o: string, i: string, sign: 1 | -1) =>
  `${o}.merchant_id, ${o}.sale_day, ${hourOf(o)}, coalesce(${o}.store_id, 0), coalesce(${o}.area_id, 0), ` +
  `coalesce(${i}.goods_id, 0), ${o}.status, ${sign} * ${i}.quantity, ${sign} * (${goodsIncome(o, i)}), ` +
  `${sign} * (${i}.cost_price * ${i}.delivered)`;

/** Order columns the sales rollups read; a change to any other column appends nothing. */
const SALES_WATCHED = [
  'merchant_id',
  'sale_day',
  'paid_at',
  'sn',
  'store_id',
  'area_id',
  'client',
  'status',
  'amount',
  'refund_fee',
  'cost_price',
];
/** Order columns the goods rollups read (its items' own columns are watched on order_items). */
const GOODS_WATCHED = [
  'merchant_id',
  'sale_day',
  'paid_at',
  'store_id',
  'area_id',
  'status',
  'amount',
  'refund_fee',
];
const ITEM_WATCHED = ['order_id', 'goods_id', 'price', 'quantity', 'cost_price', 'delivered'];

/*
 * Paths an order's goods take: the purchase page inserts the order unpaid with its items and pays it later (the
 * order's update counts its items); machines insert paid orders and then their items (the items' insert counts
 * them); reports and replacements update items (−old, +new with the order as it is). An order's insert never
 * has items yet (they reference it), so it appends no goods delta. Items are never deleted; a delete is counted
 * all the same.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = (columns: string[]) =>
    columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  await sql
    .raw(
      `CREATE FUNCTION orders_analytics_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT (${changed(SALES_WATCHED)}) THEN RETURN NULL; END IF;
    IF ${counted('OLD')} THEN
      INSERT INTO sales_deltas (${SALES_DELTA_COLUMNS}) VALUES (${salesDelta('OLD', -1)});
      IF ${changed(GOODS_WATCHED)} THEN
        INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
          SELECT ${goodsDelta('OLD', 'i', -1)} FROM order_items i WHERE i.order_id = OLD.id;
      END IF;
    END IF;
  END IF;
  IF ${counted('NEW')} THEN
    INSERT INTO sales_deltas (${SALES_DELTA_COLUMNS}) VALUES (${salesDelta('NEW', 1)});
    IF TG_OP = 'UPDATE' AND (${changed(GOODS_WATCHED)}) THEN
      INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
        SELECT ${goodsDelta('NEW', 'i', 1)} FROM order_items i WHERE i.order_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE TRIGGER orders_analytics AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_analytics_delta()',
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION order_items_goods_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (${changed(ITEM_WATCHED)}) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
      SELECT ${goodsDelta('o', 'OLD', -1)} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
      SELECT ${goodsDelta('o', 'NEW', 1)} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE TRIGGER order_items_goods AFTER INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_goods_delta()',
    )
    .execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = (columns: string[]) => columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  const statements = [
    `CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders WHEN ${counted('NEW')} BEGIN
  INSERT INTO sales_deltas (${SALES_DELTA_COLUMNS}) VALUES (${salesDelta('NEW', 1)});
END`,
    `CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders WHEN ${changed(SALES_WATCHED)} BEGIN
  INSERT INTO sales_deltas (${SALES_DELTA_COLUMNS}) SELECT ${salesDelta('OLD', -1)} WHERE ${counted('OLD')};
  INSERT INTO sales_deltas (${SALES_DELTA_COLUMNS}) SELECT ${salesDelta('NEW', 1)} WHERE ${counted('NEW')};
END`,
    `CREATE TRIGGER orders_goods_update AFTER UPDATE ON orders WHEN ${changed(GOODS_WATCHED)} BEGIN
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('OLD', 'i', -1)} FROM order_items i WHERE i.order_id = OLD.id AND ${counted('OLD')};
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('NEW', 'i', 1)} FROM order_items i WHERE i.order_id = NEW.id AND ${counted('NEW')};
END`,
    `CREATE TRIGGER order_items_goods_insert AFTER INSERT ON order_items BEGIN
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('o', 'NEW', 1)} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
END`,
    `CREATE TRIGGER order_items_goods_update AFTER UPDATE ON order_items WHEN ${changed(ITEM_WATCHED)} BEGIN
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('o', 'OLD', -1)} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('o', 'NEW', 1)} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
END`,
    `CREATE TRIGGER order_items_goods_delete AFTER DELETE ON order_items BEGIN
  INSERT INTO goods_deltas (${GOODS_DELTA_COLUMNS})
    SELECT ${goodsDelta('o', 'OLD', -1)} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A database made by an earlier version gets the rollups of the orders it already holds. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const sums = 'count(*), sum(o.amount), sum(o.refund_fee), sum(o.cost_price)';
  await sql
    .raw(
      `INSERT INTO sales_hours (${SALES_HOUR_KEY.join(', ')}, n, amount, refund_fee, cost_price)
SELECT o.merchant_id, ${hourOf('o')}, coalesce(o.store_id, 0), coalesce(o.area_id, 0), o.client, o.status,
  o.sale_day, ${sums}
FROM orders o WHERE ${counted('o')} GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO sales_days (${SALES_DAY_KEY.join(', ')}, n, amount, refund_fee, cost_price)
SELECT o.merchant_id, o.sale_day, coalesce(o.store_id, 0), coalesce(o.area_id, 0), o.client, o.status, ${sums}
FROM orders o WHERE ${counted('o')} GROUP BY 1, 2, 3, 4, 5, 6`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO sales_device_days (${DEVICE_DAY_KEY.join(', ')}, n, amount, refund_fee, cost_price)
SELECT o.merchant_id, o.sale_day, o.sn, coalesce(o.store_id, 0), coalesce(o.area_id, 0), o.client, o.status,
  ${sums}
FROM orders o WHERE ${counted('o')} GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    )
    .execute(db);
  const goods = `sum(i.quantity), sum(${goodsIncome('o', 'i')}), sum(i.cost_price * i.delivered)`;
  await sql
    .raw(
      `INSERT INTO goods_hours (${GOODS_HOUR_KEY.join(', ')}, n, income, cost_price)
SELECT o.merchant_id, ${hourOf('o')}, coalesce(i.goods_id, 0), coalesce(o.store_id, 0), coalesce(o.area_id, 0),
  o.status, o.sale_day, ${goods}
FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${counted('o')} GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO goods_days (${GOODS_DAY_KEY.join(', ')}, n, income, cost_price)
SELECT o.merchant_id, o.sale_day, coalesce(i.goods_id, 0), coalesce(o.store_id, 0), coalesce(o.area_id, 0),
  o.status, ${goods}
FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${counted('o')} GROUP BY 1, 2, 3, 4, 5, 6`,
    )
    .execute(db);
}
