import { sql, type Kysely } from 'kysely';
import { bigint, isPostgres, withId } from '../schema-helpers';

/**
 * Orders with their items and refunds (docs/orders.md), and the sandbox payment provider's own ledger (what a
 * real provider keeps on its side; it lives here only because the sandbox runs inside the server).
 *
 * Indexes: the bill lists always filter one merchant and a paid-time range, so (merchant_id, paid_at) leads.
 * The wide index carries every column the analysis block and the common filters read, so a 93-day analysis
 * reads the index alone on both SQLite and PostgreSQL (an index-only scan), never the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('orders'))
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('area_id', bigint)
    .addColumn('store_id', bigint)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('source', 'varchar(12)', (c) => c.notNull())
    .addColumn('client', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('refund_fee', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('refund_reserved', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('pre_refund_status', 'integer')
    .addColumn('merchant_order', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('payer', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('cardno', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('goods_err', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('game_result', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_token', 'varchar(64)', (c) => c.unique())
    .addColumn('event_id', 'varchar(64)')
    .addColumn('vend_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vend_at', bigint)
    .addColumn('query_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    /** The merchant's local midnight of paid_at (time zone at the sale): the day of the daily totals. */
    .addColumn('sale_day', bigint)
    .addColumn('finished_at', bigint)
    .addColumn('closed_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  // Bills and their analysis: one merchant, a paid-time range (newest first, id breaking ties, so a page is read
  // in index order), and the columns the analysis sums.
  await db.schema
    .createIndex('orders_bills')
    .on('orders')
    .columns([
      'merchant_id',
      'paid_at',
      'id',
      'status',
      'client',
      'amount',
      'refund_fee',
      'cost_price',
      'store_id',
      'area_id',
      'sn',
    ])
    .execute();
  // Filters that pick few orders: a machine (covering, so a machine's 93 days are summed from the index), a
  // card, the channel's number.
  await db.schema
    .createIndex('orders_sn')
    .on('orders')
    .columns([
      'merchant_id',
      'sn',
      'paid_at',
      'id',
      'status',
      'client',
      'amount',
      'refund_fee',
      'cost_price',
      'store_id',
      'area_id',
    ])
    .execute();
  await db.schema
    .createIndex('orders_card')
    .on('orders')
    .columns(['merchant_id', 'cardno', 'paid_at'])
    .execute();
  await db.schema.createIndex('orders_channel_no').on('orders').column('merchant_order').execute();
  // The home alert and abnormal=true: only the abnormal orders are in it (a partial index, covering what their
  // analysis sums; queries name the statuses literally so that both databases match it).
  await db.schema
    .createIndex('orders_abnormal')
    .on('orders')
    .columns([
      'merchant_id',
      'paid_at',
      'id',
      'status',
      'client',
      'amount',
      'refund_fee',
      'cost_price',
      'store_id',
      'area_id',
    ])
    .where(sql<boolean>`status in (1, 2, 5)`)
    .execute();
  // The jobs: unpaid orders to ask the channel about, vends waiting for an answer.
  await db.schema.createIndex('orders_jobs').on('orders').columns(['status', 'created_at']).execute();

  await createOrderStats(db);

  await withId(db, db.schema.createTable('order_items'))
    .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('channel_id', bigint)
    .addColumn('channel_sn', 'integer', (c) => c.notNull())
    .addColumn('goods_id', bigint)
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fault', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await withId(db, db.schema.createTable('refunds'))
    .addColumn('refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', bigint)
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('provider_refund_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('claim_at', bigint)
    .addColumn('query_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();
  // The idempotency guarantee: the same refund asked twice hits this index and answers the first one.
  await db.schema
    .createIndex('refunds_idem')
    .on('refunds')
    .columns(['merchant_id', 'idem_key'])
    .unique()
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_jobs').on('refunds').columns(['status', 'updated_at']).execute();

  // The sandbox payment provider's side: its transactions and refunds.
  await db.schema
    .createTable('sandbox_pay_transactions')
    .addColumn('tx_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('return_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('payer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    .addColumn('closed_at', bigint)
    .execute();
  await db.schema
    .createTable('sandbox_pay_refunds')
    .addColumn('refund_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('tx_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('final_state', 'varchar(12)', (c) => c.notNull())
    .addColumn('fail_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('settle_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();
  await db.schema
    .createIndex('sandbox_pay_refunds_tx')
    .on('sandbox_pay_refunds')
    .column('out_trade_no')
    .execute();
}

/**
 * Daily totals of the bill analysis (docs/orders.md): per merchant, local day, store, area, payment method,
 * status and whether money was taken. Triggers on orders append each change as a delta (never updating a shared
 * row, so concurrent sales never wait on each other); the order jobs fold the deltas into order_stats. Totals and
 * unfolded deltas together always equal the orders, inside any transaction.
 */
const STAT_KEY = ['merchant_id', 'day', 'store_id', 'area_id', 'client', 'status', 'priced'] as const;
const STAT_SUMS = ['n', 'amount', 'refund_fee', 'cost_price'] as const;

async function createOrderStats(db: Kysely<unknown>): Promise<void> {
  const statColumns = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    table
      .addColumn('merchant_id', bigint, (c) => c.notNull())
      .addColumn('day', bigint, (c) => c.notNull())
      .addColumn('store_id', bigint, (c) => c.notNull())
      .addColumn('area_id', bigint, (c) => c.notNull())
      .addColumn('client', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('priced', 'integer', (c) => c.notNull())
      .addColumn('n', bigint, (c) => c.notNull())
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('refund_fee', bigint, (c) => c.notNull())
      .addColumn('cost_price', bigint, (c) => c.notNull());
  await statColumns(db.schema.createTable('order_stats'))
    .addPrimaryKeyConstraint('order_stats_key', [...STAT_KEY])
    .execute();
  await statColumns(withId(db, db.schema.createTable('order_stat_deltas'))).execute();
  await db.schema
    .createIndex('order_stat_deltas_day')
    .on('order_stat_deltas')
    .columns(['merchant_id', 'day'])
    .execute();

  const columns = [...STAT_KEY, ...STAT_SUMS].join(', ');
  const values = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
    `${row}.merchant_id, ${row}.sale_day, coalesce(${row}.store_id, 0), coalesce(${row}.area_id, 0), ${row}.client, ` +
    `${row}.status, CASE WHEN ${row}.amount > 0 THEN 1 ELSE 0 END, ${sign}, ${sign} * ${row}.amount, ` +
    `${sign} * ${row}.refund_fee, ${sign} * ${row}.cost_price`;
  const watched = [
    'sale_day',
    'store_id',
    'area_id',
    'client',
    'status',
    'amount',
    'refund_fee',
    'cost_price',
  ];
  if (isPostgres(db)) {
    const changed = watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE FUNCTION orders_stat_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT (${changed}) THEN RETURN NULL; END IF;
    IF OLD.sale_day IS NOT NULL THEN
      INSERT INTO order_stat_deltas (${columns}) VALUES (${values('OLD', -1)});
    END IF;
  END IF;
  IF NEW.sale_day IS NOT NULL THEN
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
    return;
  }
  const changed = watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  await sql
    .raw(
      `CREATE TRIGGER orders_stat_insert AFTER INSERT ON orders WHEN NEW.sale_day IS NOT NULL BEGIN
  INSERT INTO order_stat_deltas (${columns}) VALUES (${values('NEW', 1)});
END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER orders_stat_update AFTER UPDATE ON orders WHEN ${changed} BEGIN
  INSERT INTO order_stat_deltas (${columns}) SELECT ${values('OLD', -1)} WHERE OLD.sale_day IS NOT NULL;
  INSERT INTO order_stat_deltas (${columns}) SELECT ${values('NEW', 1)} WHERE NEW.sale_day IS NOT NULL;
END`,
    )
    .execute(db);
}
