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
  for (const rollup of ROLLUPS) {
    const table = columns(db.schema.createTable(rollup.table), [
      ...rollup.key,
      ...rollup.sums,
    ]).addPrimaryKeyConstraint(`${rollup.table}_key`, [...rollup.key]);
    // SQLite keeps a rollup in its primary key's order (no rowid), so a range of it is read from one b-tree.
    await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  }
  for (const deltas of DELTAS) {
    await columns(withId(db, db.schema.createTable(deltas.table)), [...deltas.key, ...deltas.sums]).execute();
  }
  const indexes: Array<[string, string, string[]]> = [
    // One store's hours (a store's statistics, and the part days of a store's ranges).
    ['sales_hours_store', 'sales_hours', ['merchant_id', 'store_id', 'hour']],
    // One machine's days (a machine's figures, the device filter).
    ['sales_device_days_sn', 'sales_device_days', ['merchant_id', 'sn', 'day']],
    // One goods' hours and days (the goods detail screens).
    ['goods_hours_goods', 'goods_hours', ['merchant_id', 'goods_id', 'hour']],
    ['goods_days_goods', 'goods_days', ['merchant_id', 'goods_id', 'day']],
    ['sales_deltas_hour', 'sales_deltas', ['merchant_id', 'hour']],
    ['goods_deltas_hour', 'goods_deltas', ['merchant_id', 'hour']],
  ];
  for (const [name, table, on] of indexes) await db.schema.createIndex(name).on(table).columns(on).execute();

  await createRollupTriggers(db);
  await backfillRollups(db);
}

/** The triggers that append the rollups' deltas (and, on PostgreSQL, their functions), in creation order. */
function triggerStatements(db: Kysely<unknown>): string[] {
  return isPostgres(db) ? postgresTriggers() : sqliteTriggers();
}

async function createRollupTriggers(db: Kysely<unknown>): Promise<void> {
  for (const statement of triggerStatements(db)) await sql.raw(statement).execute(db);
}

/**
 * Writes orders in bulk without the rollup triggers, then counts them with this migration's backfill and puts the
 * triggers back, so the rollups are what the triggers would have made (bench/analytics seeds millions of orders
 * this way, far faster than a delta per row). The rollups and their deltas must be empty (the backfill inserts),
 * and nothing else may write orders meanwhile: for a database being seeded, never one in service.
 */
export async function loadWithoutRollupTriggers(
  db: Kysely<unknown>,
  load: () => Promise<void>,
): Promise<void> {
  for (const table of [...ROLLUPS, ...DELTAS].map((t) => t.table)) {
    const row = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (row.rows.length) throw new Error(`${table} is not empty: a bulk load needs empty rollups`);
  }
  for (const statement of triggerStatements(db).reverse()) {
    const trigger = /^CREATE TRIGGER (\w+) .*? ON (\w+) /.exec(statement);
    const fn = /^CREATE FUNCTION (\w+)\(\)/.exec(statement);
    if (trigger)
      await sql.raw(`DROP TRIGGER ${trigger[1]}${isPostgres(db) ? ` ON ${trigger[2]}` : ''}`).execute(db);
    else if (fn) await sql.raw(`DROP FUNCTION ${fn[1]}()`).execute(db);
    else throw new Error(`not a trigger or a function: ${statement.slice(0, 40)}`);
  }
  await load();
  await backfillRollups(db);
  await createRollupTriggers(db);
}

const TYPES = {
  merchant_id: bigint,
  day: bigint,
  hour: bigint,
  sn: 'varchar(20)',
  store_id: bigint,
  area_id: bigint,
  goods_id: bigint,
  client: 'varchar(16)',
  status: 'integer',
  n: bigint,
  amount: bigint,
  refund_fee: bigint,
  income: bigint,
  cost_price: bigint,
} as const;
type Column = keyof typeof TYPES;

function columns(table: CreateTableBuilder<string, never>, names: readonly Column[]) {
  let out: CreateTableBuilder<string, string> = table;
  for (const name of names) out = out.addColumn(name, TYPES[name], (c) => c.notNull());
  return out;
}

const SALES_SUMS = ['n', 'amount', 'refund_fee', 'cost_price'] as const;
const GOODS_SUMS = ['n', 'income', 'cost_price'] as const;

/** Each rollup: its key in primary-key order and its sums (goods rollups sum items). */
const ROLLUPS = [
  {
    table: 'sales_hours',
    key: ['merchant_id', 'hour', 'store_id', 'area_id', 'client', 'status', 'day'],
    sums: SALES_SUMS,
  },
  {
    table: 'sales_days',
    key: ['merchant_id', 'day', 'store_id', 'area_id', 'client', 'status'],
    sums: SALES_SUMS,
  },
  {
    table: 'sales_device_days',
    key: ['merchant_id', 'day', 'sn', 'store_id', 'area_id', 'client', 'status'],
    sums: SALES_SUMS,
  },
  {
    table: 'goods_hours',
    key: ['merchant_id', 'hour', 'goods_id', 'store_id', 'area_id', 'status', 'day'],
    sums: GOODS_SUMS,
  },
  {
    table: 'goods_days',
    key: ['merchant_id', 'day', 'goods_id', 'store_id', 'area_id', 'status'],
    sums: GOODS_SUMS,
  },
] as const satisfies ReadonlyArray<{ table: string; key: readonly Column[]; sums: readonly Column[] }>;
export const ROLLUP_TABLES = ROLLUPS.map((r) => r.table);

const SALES_DELTAS = {
  table: 'sales_deltas',
  key: ['merchant_id', 'day', 'hour', 'sn', 'store_id', 'area_id', 'client', 'status'],
  sums: SALES_SUMS,
} as const;
const GOODS_DELTAS = {
  table: 'goods_deltas',
  key: ['merchant_id', 'day', 'hour', 'store_id', 'area_id', 'goods_id', 'status'],
  sums: GOODS_SUMS,
} as const;
const DELTAS = [SALES_DELTAS, GOODS_DELTAS];

// The SQL the triggers and the backfill share. `o` is an order row (NEW, OLD or an alias), `i` an item row.
const counted = (o: string) => `${o}.sale_day IS NOT NULL AND ${o}.paid_at IS NOT NULL AND ${o}.amount > 0`;

/** A key column's value for an order `o` (and an item `i`). */
function keyOf(column: Column, o: string, i = 'i'): string {
  switch (column) {
    case 'day':
      return `${o}.sale_day`;
    case 'hour':
      return `${o}.sale_day + ((${o}.paid_at - ${o}.sale_day) / 3600000) * 3600000`;
    case 'store_id':
    case 'area_id':
      return `coalesce(${o}.${column}, 0)`;
    case 'goods_id':
      return `coalesce(${i}.goods_id, 0)`;
    default:
      return `${o}.${column}`;
  }
}

/** A sum's value for one order `o` (sales) or one item `i` of it (goods). */
function sumOf(column: Column, o: string, i = 'i'): string {
  if (column === 'n') return i === '' ? '1' : `${i}.quantity`;
  if (column === 'income')
    return `(${i}.price * ${i}.quantity * (${o}.amount - ${o}.refund_fee) / ${o}.amount)`;
  if (column === 'cost_price' && i !== '') return `(${i}.cost_price * ${i}.delivered)`;
  return `${o}.${column}`;
}

/** The column list and the values of one delta row: −1 takes the version out, +1 puts it in. */
function delta(deltas: typeof SALES_DELTAS | typeof GOODS_DELTAS, sign: 1 | -1, o: string, i = '') {
  const names = [...deltas.key, ...deltas.sums].join(', ');
  const values = [
    ...deltas.key.map((c) => keyOf(c, o, i)),
    ...deltas.sums.map((c) => `${sign} * ${sumOf(c, o, i)}`),
  ].join(', ');
  return { names, values };
}
const salesDelta = (o: string, sign: 1 | -1) => delta(SALES_DELTAS, sign, o);
const goodsDelta = (o: string, i: string, sign: 1 | -1) => delta(GOODS_DELTAS, sign, o, i);

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
function postgresTriggers(): string[] {
  const changed = (columns: string[]) =>
    columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  return [
    `CREATE FUNCTION orders_analytics_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT (${changed(SALES_WATCHED)}) THEN RETURN NULL; END IF;
    IF ${counted('OLD')} THEN
      INSERT INTO sales_deltas (${salesDelta('OLD', -1).names}) VALUES (${salesDelta('OLD', -1).values});
      IF ${changed(GOODS_WATCHED)} THEN
        INSERT INTO goods_deltas (${goodsDelta('OLD', 'i', -1).names})
          SELECT ${goodsDelta('OLD', 'i', -1).values} FROM order_items i WHERE i.order_id = OLD.id;
      END IF;
    END IF;
  END IF;
  IF ${counted('NEW')} THEN
    INSERT INTO sales_deltas (${salesDelta('NEW', 1).names}) VALUES (${salesDelta('NEW', 1).values});
    IF TG_OP = 'UPDATE' AND (${changed(GOODS_WATCHED)}) THEN
      INSERT INTO goods_deltas (${goodsDelta('NEW', 'i', 1).names})
        SELECT ${goodsDelta('NEW', 'i', 1).values} FROM order_items i WHERE i.order_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END $$`,
    'CREATE TRIGGER orders_analytics AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_analytics_delta()',
    `CREATE FUNCTION order_items_goods_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (${changed(ITEM_WATCHED)}) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO goods_deltas (${goodsDelta('o', 'OLD', -1).names})
      SELECT ${goodsDelta('o', 'OLD', -1).values} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO goods_deltas (${goodsDelta('o', 'NEW', 1).names})
      SELECT ${goodsDelta('o', 'NEW', 1).values} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
  END IF;
  RETURN NULL;
END $$`,
    'CREATE TRIGGER order_items_goods AFTER INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_goods_delta()',
  ];
}

function sqliteTriggers(): string[] {
  const changed = (columns: string[]) => columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  return [
    `CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders WHEN ${counted('NEW')} BEGIN
  INSERT INTO sales_deltas (${salesDelta('NEW', 1).names}) VALUES (${salesDelta('NEW', 1).values});
END`,
    `CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders WHEN ${changed(SALES_WATCHED)} BEGIN
  INSERT INTO sales_deltas (${salesDelta('OLD', -1).names}) SELECT ${salesDelta('OLD', -1).values} WHERE ${counted('OLD')};
  INSERT INTO sales_deltas (${salesDelta('NEW', 1).names}) SELECT ${salesDelta('NEW', 1).values} WHERE ${counted('NEW')};
END`,
    `CREATE TRIGGER orders_goods_update AFTER UPDATE ON orders WHEN ${changed(GOODS_WATCHED)} BEGIN
  INSERT INTO goods_deltas (${goodsDelta('OLD', 'i', -1).names})
    SELECT ${goodsDelta('OLD', 'i', -1).values} FROM order_items i WHERE i.order_id = OLD.id AND ${counted('OLD')};
  INSERT INTO goods_deltas (${goodsDelta('NEW', 'i', 1).names})
    SELECT ${goodsDelta('NEW', 'i', 1).values} FROM order_items i WHERE i.order_id = NEW.id AND ${counted('NEW')};
END`,
    `CREATE TRIGGER order_items_goods_insert AFTER INSERT ON order_items BEGIN
  INSERT INTO goods_deltas (${goodsDelta('o', 'NEW', 1).names})
    SELECT ${goodsDelta('o', 'NEW', 1).values} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
END`,
    `CREATE TRIGGER order_items_goods_update AFTER UPDATE ON order_items WHEN ${changed(ITEM_WATCHED)} BEGIN
  INSERT INTO goods_deltas (${goodsDelta('o', 'OLD', -1).names})
    SELECT ${goodsDelta('o', 'OLD', -1).values} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
  INSERT INTO goods_deltas (${goodsDelta('o', 'NEW', 1).names})
    SELECT ${goodsDelta('o', 'NEW', 1).values} FROM orders o WHERE o.id = NEW.order_id AND ${counted('o')};
END`,
    `CREATE TRIGGER order_items_goods_delete AFTER DELETE ON order_items BEGIN
  INSERT INTO goods_deltas (${goodsDelta('o', 'OLD', -1).names})
    SELECT ${goodsDelta('o', 'OLD', -1).values} FROM orders o WHERE o.id = OLD.order_id AND ${counted('o')};
END`,
  ];
}

/** A database made by an earlier version gets the rollups of the orders it already holds. */
async function backfillRollups(db: Kysely<unknown>): Promise<void> {
  for (const rollup of ROLLUPS) {
    const goods = rollup.sums === GOODS_SUMS;
    const keys = rollup.key.map((c) => keyOf(c, 'o'));
    const sums = rollup.sums.map((c) =>
      goods ? `sum(${sumOf(c, 'o')})` : c === 'n' ? 'count(*)' : `sum(${sumOf(c, 'o', '')})`,
    );
    await sql
      .raw(
        `INSERT INTO ${rollup.table} (${[...rollup.key, ...rollup.sums].join(', ')})
SELECT ${[...keys, ...sums].join(', ')}
FROM orders o${goods ? ' JOIN order_items i ON i.order_id = o.id' : ''} WHERE ${counted('o')}
GROUP BY ${keys.map((_, k) => k + 1).join(', ')}`,
      )
      .execute(db);
  }
}
