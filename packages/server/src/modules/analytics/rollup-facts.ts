import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEFAULT_TIME_ZONE, nextPeriodStart, startOfPeriod } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import { factConditions, goodsFacts, orderFacts, RawFacts, type SumRow } from './raw-facts';
import type {
  FactFilter,
  GoodsFact,
  GoodsGrouping,
  OrderFact,
  OrderGrouping,
  SalesFacts,
} from './sales-facts';

type Db = Kysely<Database>;
type OrderRow = SumRow & { k: string | number; client: string };
type GoodsRow = SumRow & { k: string | number; goods_id: number | string };

/** A stretch of time [from, to) inside one local day. */
interface PartDay {
  from: number;
  to: number;
  day: number;
  dayEnd: number;
}

/**
 * The facts from the rollups (migration 0006, docs/analytics.md): each question reads the smallest table that
 * answers it, and every read sums the rollup and its unfolded deltas in one statement, so answers are exact
 * whether or not compact() has run (and while it runs).
 *
 * Orders: hours from sales_hours; whole days from sales_days and the part days at either end from sales_hours; machines
 * (grouped by sn, or one machine) from sales_device_days. A machine's hours are in no rollup (one per machine
 * and hour would be as large as the orders): they are summed from its orders through the orders_sn index, as are
 * the part days of machines unless nothing was sold in the rest of that day (a range ending at the next hour,
 * today's usual end, reads the day's rollup). Goods: goods_hours for hours and part days, goods_days for whole
 * days; a machine's goods from its orders.
 */
export class RollupFacts implements SalesFacts {
  private readonly raw: RawFacts;
  private readonly zones = new Map<number, string>();

  constructor(
    private readonly db: Db,
    /** The zone of merchants without one (the server's default). */
    private readonly defaultZone: string = DEFAULT_TIME_ZONE,
  ) {
    this.raw = new RawFacts(db);
  }

  async orders(filter: FactFilter, grouping: OrderGrouping): Promise<OrderFact[]> {
    const none = grouping === 'none';
    if (grouping === 'hour') {
      if (filter.sn) return this.raw.orders(filter, grouping);
      return orderFacts(await this.salesHours(filter, grouping, filter.start, filter.end));
    }
    const { whole, parts } = await this.split(filter);
    const rows: OrderRow[] = [];
    if (filter.sn || grouping === 'sn') {
      if (whole) rows.push(...(await this.deviceDays(filter, grouping, whole.from, whole.to)));
      for (const part of parts) {
        if (await this.restOfDayEmpty(filter.merchantId, part)) {
          rows.push(...(await this.deviceDays(filter, grouping, part.day, part.dayEnd)));
        } else {
          const facts = await this.raw.orders({ ...filter, start: part.from, end: part.to }, grouping);
          rows.push(...facts.map((f) => ({ ...f, k: f.key })));
        }
      }
    } else {
      if (whole) rows.push(...(await this.salesDays(filter, grouping, whole.from, whole.to)));
      for (const part of parts) rows.push(...(await this.salesHours(filter, grouping, part.from, part.to)));
    }
    return orderFacts(rows, none);
  }

  async goods(filter: FactFilter, grouping: GoodsGrouping): Promise<GoodsFact[]> {
    if (filter.sn) return this.raw.goods(filter, grouping);
    if (grouping === 'hour') return goodsFacts(await this.goodsRows('goods_hours', filter, grouping, filter));
    const { whole, parts } = await this.split(filter);
    const rows: GoodsRow[] = [];
    if (whole)
      rows.push(
        ...(await this.goodsRows('goods_days', filter, grouping, { start: whole.from, end: whole.to })),
      );
    for (const part of parts) {
      rows.push(
        ...(await this.goodsRows('goods_hours', filter, grouping, { start: part.from, end: part.to })),
      );
    }
    return goodsFacts(rows);
  }

  /**
   * Folds the deltas into the rollups, a batch per transaction (as OrderStats.compact does for the daily totals).
   * The delete answers the rows it removed, so two processes compacting at once never fold one delta twice; the
   * rollups are upserted in key order (no two folds wait on each other in opposite orders), and rows left at zero
   * are removed.
   */
  async compact(batch = 20_000, maxBatches = 50): Promise<number> {
    let folded = 0;
    for (const fold of FOLDS) {
      for (let round = 0; round < maxBatches; round++) {
        const moved = await this.db.transaction().execute((trx) => foldBatch(trx, fold, batch));
        folded += moved;
        if (moved < batch) break;
      }
    }
    return folded;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Reads: a rollup and its deltas in one statement (one snapshot: a fold running meanwhile moves rows from one
  // to the other without changing their sum).

  private async salesHours(f: FactFilter, grouping: OrderGrouping, from: number, to: number) {
    const key = keyColumn(grouping, { hour: 'hour', day: 'day', area: 'area_id', store: 'store_id' });
    const range = sql`t.hour >= ${from} and t.hour < ${to}`;
    return this.orderRows(f, key, [
      sql`from sales_hours t where ${range}`,
      sql`from sales_deltas t where ${range}`,
    ]);
  }

  private async salesDays(f: FactFilter, grouping: OrderGrouping, from: number, to: number) {
    const key = keyColumn(grouping, { day: 'day', area: 'area_id', store: 'store_id' });
    return this.orderRows(f, key, [sql`from sales_days t where ${days(from, to)}`, deltasOfDays(from, to)]);
  }

  private async deviceDays(f: FactFilter, grouping: OrderGrouping, from: number, to: number) {
    const key = keyColumn(grouping, { day: 'day', area: 'area_id', store: 'store_id', sn: 'sn' });
    return this.orderRows(
      f,
      key,
      [sql`from sales_device_days t where ${days(from, to)}`, deltasOfDays(from, to)],
      true,
    );
  }

  private async orderRows(
    f: FactFilter,
    key: RawBuilder<unknown>,
    sources: RawBuilder<unknown>[],
    sn = false,
  ): Promise<OrderRow[]> {
    const pieces = sources.map(
      (from) =>
        sql`select ${key} as k, t.client as client, t.status as status, t.n as n, t.amount as amount,
          t.refund_fee as refund_fee, t.cost_price as cost_price ${from} and ${factConditions(f, 't', { sn })}`,
    );
    const result = await sql<OrderRow>`
      select k, client, status, sum(n) as n, sum(amount) as amount, sum(refund_fee) as refund_fee,
        sum(cost_price) as cost_price
      from (${sql.join(pieces, sql` union all `)}) u
      group by k, client, status`.execute(this.db);
    return result.rows;
  }

  private async goodsRows(
    table: 'goods_hours' | 'goods_days',
    f: FactFilter,
    grouping: GoodsGrouping,
    range: { start: number; end: number },
  ): Promise<GoodsRow[]> {
    const key = {
      goods: sql`t.goods_id`,
      hour: sql`t.hour`,
      day: sql`t.day`,
      store: sql`t.store_id`,
      goods_store: sql`t.goods_id || ':' || t.store_id`,
    }[grouping];
    const column = sql.ref(table === 'goods_hours' ? 't.hour' : 't.day');
    const within = sql`${column} >= ${range.start} and ${column} < ${range.end}`;
    const goods = f.goodsId ? sql` and t.goods_id = ${f.goodsId}` : sql``;
    const deltaRange =
      table === 'goods_hours'
        ? within
        : sql`${within} and t.hour >= ${range.start} and t.hour < ${range.end}`;
    const pieces = [
      sql`from ${sql.table(table)} t where ${within}`,
      sql`from goods_deltas t where ${deltaRange}`,
    ].map(
      (from) =>
        sql`select ${key} as k, t.goods_id as goods_id, t.status as status, t.n as n, t.income as income,
          t.cost_price as cost_price ${from}${goods} and ${factConditions(f, 't', { sn: false })}`,
    );
    const result = await sql<GoodsRow>`
      select k, goods_id, status, sum(n) as n, sum(income) as income, sum(cost_price) as cost_price
      from (${sql.join(pieces, sql` union all `)}) u
      group by k, goods_id, status`.execute(this.db);
    return result.rows;
  }

  /** Whether the merchant sold nothing in the part's day outside the part: then the day's rollup is the part's. */
  private async restOfDayEmpty(merchantId: number, part: PartDay): Promise<boolean> {
    const rest = sql`t.merchant_id = ${merchantId} and ((t.hour >= ${part.day} and t.hour < ${part.from})
      or (t.hour >= ${part.to} and t.hour < ${part.dayEnd}))`;
    const result = await sql<{ n: number | string | null }>`
      select sum(n) as n from (
        select t.n as n from sales_hours t where ${rest}
        union all select t.n as n from sales_deltas t where ${rest}) u`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0) === 0;
  }

  /** The range as whole local days and the part days at either end (ranges are whole local hours). */
  private async split(
    f: FactFilter,
  ): Promise<{ whole: { from: number; to: number } | null; parts: PartDay[] }> {
    if (f.start >= f.end) return { whole: null, parts: [] };
    const zone = await this.zoneOf(f.merchantId);
    const dayOf = (t: number) => startOfPeriod('day', t, zone);
    const part = (from: number, to: number): PartDay => {
      const day = dayOf(from);
      return { from, to, day, dayEnd: nextPeriodStart('day', day, zone) };
    };
    const firstDay = dayOf(f.start) === f.start ? f.start : nextPeriodStart('day', f.start, zone);
    const lastDay = dayOf(f.end);
    // Within one day, whole at neither end.
    if (firstDay > lastDay) return { whole: null, parts: [part(f.start, f.end)] };
    const parts: PartDay[] = [];
    if (f.start < firstDay) parts.push(part(f.start, firstDay));
    if (lastDay < f.end) parts.push(part(lastDay, f.end));
    return { whole: firstDay < lastDay ? { from: firstDay, to: lastDay } : null, parts };
  }

  private async zoneOf(merchantId: number): Promise<string> {
    const known = this.zones.get(merchantId);
    if (known) return known;
    const row = await this.db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    const zone = row?.time_zone || this.defaultZone;
    this.zones.set(merchantId, zone);
    return zone;
  }
}

const days = (from: number, to: number) => sql`t.day >= ${from} and t.day < ${to}`;
/** The sales deltas of whole days; a delta's hour lies in its day, so the hour range lets their index find them. */
const deltasOfDays = (from: number, to: number) =>
  sql`from sales_deltas t where ${days(from, to)} and t.hour >= ${from} and t.hour < ${to}`;

/** The rollup column a grouping reads (a constant for 'none'); a grouping the table lacks is a caller's error. */
function keyColumn(
  grouping: OrderGrouping,
  columns: Partial<Record<OrderGrouping, string>>,
): RawBuilder<unknown> {
  if (grouping === 'none') return sql`0`;
  const column = columns[grouping];
  if (!column) throw new Error(`no rollup column for grouping ${grouping}`);
  return sql.ref(`t.${column}`);
}

type Cell = number | string;
type Fold = (typeof FOLDS)[number];

/** Each deltas table and the rollups it feeds, with their keys (in primary-key order) and sums. */
const FOLDS = [
  {
    deltas: 'sales_deltas',
    sums: ['n', 'amount', 'refund_fee', 'cost_price'],
    into: [
      {
        table: 'sales_hours',
        key: ['merchant_id', 'hour', 'store_id', 'area_id', 'client', 'status', 'day'],
      },
      { table: 'sales_days', key: ['merchant_id', 'day', 'store_id', 'area_id', 'client', 'status'] },
      {
        table: 'sales_device_days',
        key: ['merchant_id', 'day', 'sn', 'store_id', 'area_id', 'client', 'status'],
      },
    ],
  },
  {
    deltas: 'goods_deltas',
    sums: ['n', 'income', 'cost_price'],
    into: [
      {
        table: 'goods_hours',
        key: ['merchant_id', 'hour', 'goods_id', 'store_id', 'area_id', 'status', 'day'],
      },
      { table: 'goods_days', key: ['merchant_id', 'day', 'goods_id', 'store_id', 'area_id', 'status'] },
    ],
  },
] as const;

/** UPSERT rows per statement (PostgreSQL and SQLite both take this many parameters). */
const UPSERT_ROWS = 500;

async function foldBatch(trx: Db, fold: Fold, batch: number): Promise<number> {
  const deltas = sql.table(fold.deltas);
  const last = await sql<{
    id: number;
  }>`select id from ${deltas} order by id limit 1 offset ${batch - 1}`.execute(trx);
  const upTo = last.rows[0] ? sql` where id <= ${last.rows[0].id}` : sql``;
  const { rows } = await sql<Record<string, Cell>>`delete from ${deltas}${upTo} returning *`.execute(trx);
  for (const target of fold.into) {
    const totals = new Map<string, Record<string, Cell>>();
    for (const row of rows) {
      const id = target.key.map((k) => row[k]).join('\u0000');
      const sum = totals.get(id);
      if (!sum) totals.set(id, { ...row });
      else for (const s of fold.sums) sum[s] = Number(sum[s]) + Number(row[s]);
    }
    const sorted = [...totals.values()]
      // A change that came and went within the batch (1 → 2 → 3 in one fold) leaves nothing to add.
      .filter((r) => fold.sums.some((s) => Number(r[s]) !== 0))
      .sort((a, b) => compareKeys(a, b, target.key));
    for (let i = 0; i < sorted.length; i += UPSERT_ROWS) {
      await upsert(trx, target, fold.sums, sorted.slice(i, i + UPSERT_ROWS));
    }
  }
  return rows.length;
}

async function upsert(
  trx: Db,
  target: Fold['into'][number],
  sums: Fold['sums'],
  rows: Array<Record<string, Cell>>,
): Promise<void> {
  const table = sql.table(target.table);
  const columns = [...target.key, ...sums];
  const values = rows.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`);
  const { rows: after } = await sql<Record<string, Cell>>`
    insert into ${table} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}
    on conflict (${sql.join(target.key.map((c) => sql.ref(c)))}) do update set
      ${sql.join(sums.map((s) => sql`${sql.ref(s)} = ${sql.ref(`${target.table}.${s}`)} + excluded.${sql.ref(s)}`))}
    returning ${sql.join(columns.map((c) => sql.ref(c)))}`.execute(trx);
  // Rows whose orders all moved elsewhere (an order's status, a refund) hold nothing: keep the rollups small.
  const empty = after.filter((r) => sums.every((s) => Number(r[s]) === 0));
  if (!empty.length) return;
  const match = empty.map(
    (r) =>
      sql`(${sql.join(
        target.key.map((k) => sql`${sql.ref(k)} = ${r[k]}`),
        sql` and `,
      )})`,
  );
  await sql`delete from ${table} where ${sql.join(
    sums.map((s) => sql`${sql.ref(s)} = 0`),
    sql` and `,
  )}
    and (${sql.join(match, sql` or `)})`.execute(trx);
}

function compareKeys(a: Record<string, Cell>, b: Record<string, Cell>, key: readonly string[]): number {
  for (const k of key) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}
