import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { isPostgres } from '../../db/schema-helpers';
import type { SalesGroup } from './analysis-sums';
import type { OrderMachineStatsTable, OrderStatsTable } from './order-tables';

/** Totals of orders of one payment method and status: what the analysis block is summed from. */
export type StatGroup = SalesGroup;

/** The conditions the totals can answer (the others need the orders themselves). */
export interface StatFilter {
  merchantId: number;
  /** One machine: its own totals (migration 0026), which know no price range. */
  sn?: string | undefined;
  storeIds: number[] | null;
  areaId?: number | undefined;
  storeId?: number | undefined;
  client?: string | undefined;
  status?: number | undefined;
  paidOnly?: boolean;
  priceStart?: number | undefined;
  priceEnd?: number | undefined;
}

const HOUR = 3_600_000;
/** Bucket lengths, finest first, each four times the one before (1 hour to 170 days), aligned on the epoch. */
const GRAINS = [1, 4, 16, 64, 256, 1024, 4096].map((hours) => hours * HOUR);

/**
 * The cuts of the totals (migration 0009): which dimensions each keeps and its bucket lengths. An amount cut
 * starts where a bucket holds far fewer keys than orders (4 hours per merchant, 16 per store); below that the
 * orders are as small.
 */
const CUTS = {
  merchant: { cut: 0, store: false, price: false, grains: GRAINS },
  store: { cut: 1, store: true, price: false, grains: GRAINS },
  storePrice: { cut: 2, store: true, price: true, grains: GRAINS.slice(2) },
  price: { cut: 3, store: false, price: true, grains: GRAINS.slice(1) },
} as const;
type Cut = (typeof CUTS)[keyof typeof CUTS];

/**
 * A machine's totals (migration 0026, table order_machine_stats): per machine, store, area, payment method, status
 * and priced, from 16 hours up (a machine sells far fewer orders an hour than its merchant). No amount.
 */
const MACHINE_GRAINS = GRAINS.slice(2);

/** Whether the totals answer these conditions (the orders answer the others): a machine's know no amount. */
export function totalsKnow(f: StatFilter): boolean {
  return !f.sn || (f.priceStart === undefined && f.priceEnd === undefined);
}

/** The bucket lengths that answer a filter (a machine's, else its cut's). */
function grainsFor(f: StatFilter): readonly number[] {
  return f.sn ? MACHINE_GRAINS : cutFor(f).grains;
}

/** The smallest cut that answers a filter. */
function cutFor(f: StatFilter): Cut {
  const stores = f.storeIds !== null || !!f.storeId || !!f.areaId;
  if (f.priceStart !== undefined || f.priceEnd !== undefined) return stores ? CUTS.storePrice : CUTS.price;
  return stores ? CUTS.store : CUTS.merchant;
}

/** One run of buckets of one length: periods in [from, to). */
export interface BucketRange {
  grain: number;
  from: number;
  to: number;
}

/**
 * The buckets that cover the most of [from, to): the coarsest that fit, two runs at most of each length (the
 * edges), and the part covered, [start, end) — empty (start = end) when no whole bucket fits. The rest of the
 * range, less than the finest bucket at either end, is for the orders.
 */
export function coverOf(
  grains: readonly number[],
  from: number,
  to: number,
): { start: number; end: number; ranges: BucketRange[] } {
  const floor = (x: number, g: number) => x - (((x % g) + g) % g);
  const ceil = (x: number, g: number) => floor(x + g - 1, g);
  let lo = ceil(from, grains[0]!);
  let hi = floor(to, grains[0]!);
  if (lo >= hi) return { start: from, end: from, ranges: [] };
  const cover = { start: lo, end: hi, ranges: [] as BucketRange[] };
  for (const [i, grain] of grains.entries()) {
    const coarser = grains[i + 1];
    const innerLo = coarser === undefined ? hi : ceil(lo, coarser);
    const innerHi = coarser === undefined ? hi : floor(hi, coarser);
    if (innerLo >= innerHi) {
      cover.ranges.push({ grain, from: lo, to: hi });
      break;
    }
    if (lo < innerLo) cover.ranges.push({ grain, from: lo, to: innerLo });
    if (innerHi < hi) cover.ranges.push({ grain, from: innerHi, to: hi });
    lo = innerLo;
    hi = innerHi;
  }
  return cover;
}

/** The part of [from, to) the totals answer for this filter (see coverOf); the caller sums the orders of the rest. */
export function statCover(filter: StatFilter, from: number, to: number) {
  return coverOf(grainsFor(filter), from, to);
}

const MACHINE_KEY = [
  'merchant_id',
  'sn',
  'grain',
  'period',
  'client',
  'status',
  'priced',
  'store_id',
  'area_id',
] as const;

const KEY = [
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
] as const;

/** Folded rows (deltas removed and totals written) after which PostgreSQL's job vacuums both tables. */
const VACUUM_AFTER = 100_000;

/**
 * The totals of the bill analysis (migration 0009, docs/orders.md): triggers on orders append every change as a
 * delta by paid hour; compact() folds them into order_stats, each into every bucket length of every cut. A sum
 * reads both, so it is exact whether or not the jobs have run.
 */
export class OrderStats {
  /** Rows this process folded since it last vacuumed (PostgreSQL). */
  private written = 0;

  private readonly vacuumAfter: number;

  private readonly beforeFold: ((trx: Kysely<Database>) => Promise<void>) | undefined;

  /**
   * `beforeFold` runs in each fold's transaction before its deltas are removed: what reads the deltas as a record
   * of changes (the bill lists' kept sums, decision 064) reads them there, before they are gone.
   */
  constructor(
    private readonly db: Kysely<Database>,
    options: { vacuumAfter?: number; beforeFold?: (trx: Kysely<Database>) => Promise<void> } = {},
  ) {
    this.vacuumAfter = options.vacuumAfter ?? VACUUM_AFTER;
    this.beforeFold = options.beforeFold;
  }

  /**
   * Folds deltas into the totals, a batch per transaction. The delete answers the rows it removed, so two
   * processes compacting at once never fold one delta twice; the totals are upserted in key order. On PostgreSQL
   * the deleted deltas and the replaced totals are vacuumed after every VACUUM_AFTER rows: the product keeps both
   * tables small without autovacuum.
   */
  async compact(batch = 20_000, maxBatches = 50): Promise<number> {
    let folded = 0;
    for (let round = 0; round < maxBatches; round++) {
      const moved = await this.db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('order_stat_deltas')
          .select('id')
          .orderBy('id')
          .offset(batch - 1)
          .limit(1)
          .executeTakeFirst();
        await this.beforeFold?.(trx);
        let query = trx.deleteFrom('order_stat_deltas');
        if (last) query = query.where('id', '<=', last.id);
        const rows = await query.returningAll().execute();
        const totals = new Map<string, OrderStatsTable>();
        const machines = new Map<string, OrderMachineStatsTable>();
        for (const row of rows) {
          const price = Number(row.price);
          // A delta written before migration 0026 has no machine: that migration summed its order for the
          // machine totals from the orders themselves.
          if (row.sn !== null) {
            for (const grain of MACHINE_GRAINS) {
              const slot = Number(row.slot);
              const key: OrderMachineStatsTable = {
                merchant_id: Number(row.merchant_id),
                sn: row.sn,
                grain,
                period: slot - (slot % grain),
                client: row.client,
                status: Number(row.status),
                priced: price > 0 ? 1 : 0,
                store_id: Number(row.store_id),
                area_id: Number(row.area_id),
                n: 0,
                amount: 0,
                refund_fee: 0,
                cost_price: 0,
              };
              const id = MACHINE_KEY.map((k) => key[k]).join('|');
              const sum = machines.get(id) ?? key;
              addSums(sum, row);
              machines.set(id, sum);
            }
          }
          for (const cut of Object.values(CUTS)) {
            for (const grain of cut.grains) {
              const slot = Number(row.slot);
              const key: OrderStatsTable = {
                merchant_id: Number(row.merchant_id),
                cut: cut.cut,
                grain,
                period: slot - (slot % grain),
                store_id: cut.store ? Number(row.store_id) : -1,
                area_id: cut.store ? Number(row.area_id) : -1,
                price: cut.price ? price : -1,
                client: row.client,
                status: Number(row.status),
                priced: price > 0 ? 1 : 0,
                n: 0,
                amount: 0,
                refund_fee: 0,
                cost_price: 0,
              };
              const id = KEY.map((k) => key[k]).join('|');
              const sum = totals.get(id) ?? key;
              addSums(sum, row);
              totals.set(id, sum);
            }
          }
        }
        const sorted = inKeyOrder(totals);
        for (let i = 0; i < sorted.length; i += 500) {
          await trx
            .insertInto('order_stats')
            .values(sorted.slice(i, i + 500))
            .onConflict((oc) =>
              oc.columns([...KEY]).doUpdateSet((eb) => ({
                n: eb('order_stats.n', '+', eb.ref('excluded.n')),
                amount: eb('order_stats.amount', '+', eb.ref('excluded.amount')),
                refund_fee: eb('order_stats.refund_fee', '+', eb.ref('excluded.refund_fee')),
                cost_price: eb('order_stats.cost_price', '+', eb.ref('excluded.cost_price')),
              })),
            )
            .execute();
        }
        const byMachine = inKeyOrder(machines);
        for (let i = 0; i < byMachine.length; i += 500) {
          await trx
            .insertInto('order_machine_stats')
            .values(byMachine.slice(i, i + 500))
            .onConflict((oc) =>
              oc.columns([...MACHINE_KEY]).doUpdateSet((eb) => ({
                n: eb('order_machine_stats.n', '+', eb.ref('excluded.n')),
                amount: eb('order_machine_stats.amount', '+', eb.ref('excluded.amount')),
                refund_fee: eb('order_machine_stats.refund_fee', '+', eb.ref('excluded.refund_fee')),
                cost_price: eb('order_machine_stats.cost_price', '+', eb.ref('excluded.cost_price')),
              })),
            )
            .execute();
        }
        this.written += rows.length + sorted.length + byMachine.length;
        return rows.length;
      });
      folded += moved;
      if (moved < batch) break;
    }
    if (this.written >= this.vacuumAfter && isPostgres(this.db as unknown as Kysely<unknown>)) {
      this.written = 0;
      // Outside any transaction (VACUUM cannot run in one); another process vacuuming makes this one wait.
      await sql`VACUUM (ANALYZE) order_stat_deltas`.execute(this.db);
      await sql`VACUUM (ANALYZE) order_stats`.execute(this.db);
      await sql`VACUUM (ANALYZE) order_machine_stats`.execute(this.db);
    }
    return folded;
  }

  /**
   * Totals per payment method and status of the orders paid in the whole buckets of [from, to) (statCover: the
   * caller sums the orders of the edges), from the folded totals and the deltas not folded yet, in one statement
   * (totalsQuery). A machine's come from its own totals (no amount: the caller keeps a price range to the orders).
   */
  async sums(filter: StatFilter, from: number, to: number): Promise<StatGroup[]> {
    if (!totalsKnow(filter)) throw new Error("a machine's totals know no price range");
    const cover = coverOf(grainsFor(filter), from, to);
    if (!cover.ranges.length) return [];
    const query = totalsQuery(filter, cover, this.postgres);
    return groupsOf((await this.db.executeQuery<GroupRow>(query)).rows);
  }

  private get postgres(): boolean {
    this.isPg ??= isPostgres(this.db as unknown as Kysely<unknown>);
    return this.isPg;
  }

  private isPg: boolean | undefined;
}

interface GroupRow {
  client: string;
  status: number;
  n: number | null;
  amount: number | null;
  refund_fee: number | null;
  cost_price: number | null;
}

/** The SQL of each shape of totalsQuery (the same text for the same shape: SQLite's statement cache keeps it). */
const totalsText = new Map<string, string>();

/**
 * The totals' statement: one index seek per run of buckets (merchant, cut or machine, length, then the periods —
 * named one by one when a price range is to be sought within each, else as a range), each its own SELECT under
 * UNION ALL so that neither database's planner may fall back to reading a whole cut (SQLite without statistics
 * does with an OR of the runs), and the unfolded deltas of the covered part; summed per payment method and
 * status. Written by hand: its text depends only on the shape (the cut, the runs' lengths and bucket counts, which
 * conditions are set, how many stores), built by Kysely it cost more than running it. The parameters follow the
 * text's order.
 */
export function totalsQuery(
  f: StatFilter,
  cover: { start: number; end: number; ranges: BucketRange[] },
  postgres: boolean,
): CompiledQuery<GroupRow> {
  const params: unknown[] = [];
  const shape: string[] = [];
  /** A clause with one parameter: its value is pushed in the text's order. */
  const bind = (clause: string, value: unknown): string => {
    params.push(value);
    return clause;
  };
  const cut = f.sn ? null : cutFor(f);
  const priced = cut?.price === true;
  // The conditions the totals and the deltas share, in this order.
  const shared = (table: string): string => {
    let where = '';
    if (f.storeIds !== null) {
      const ids = f.storeIds.length ? f.storeIds : [-1];
      where += ` and ${table}.store_id in (${ids.map(() => '?').join(', ')})`;
      params.push(...ids);
    }
    if (f.storeId) where += bind(` and ${table}.store_id = ?`, f.storeId);
    if (f.areaId) where += bind(` and ${table}.area_id = ?`, f.areaId);
    if (f.client) where += bind(` and ${table}.client = ?`, f.client);
    if (f.status !== undefined) where += bind(` and ${table}.status = ?`, f.status);
    return where;
  };
  const prices = (table: string): string => {
    let where = '';
    if (f.priceStart !== undefined) where += bind(` and ${table}.price >= ?`, f.priceStart);
    if (f.priceEnd !== undefined) where += bind(` and ${table}.price <= ?`, f.priceEnd);
    return where;
  };
  shape.push(
    f.sn ? 'm' : String(cut!.cut),
    String(f.storeIds?.length ?? 'all'),
    f.storeId ? 's' : '',
    f.areaId ? 'a' : '',
    f.client ? 'c' : '',
    f.status !== undefined ? 't' : '',
    f.paidOnly ? 'p' : '',
    f.priceStart !== undefined ? '>' : '',
    f.priceEnd !== undefined ? '<' : '',
  );
  const parts: string[] = [];
  const columns = 'client, status, n, amount, refund_fee, cost_price';
  /**
   * The seek's prefix: the machine's or the cut's totals of the merchant, for one bucket length (a value, or the
   * column of the runs' array on PostgreSQL).
   */
  const from = (grain: number | 'r.grain'): string => {
    const length = grain === 'r.grain' ? grain : '?';
    let text: string;
    if (f.sn) {
      text = `order_machine_stats t where t.merchant_id = ? and t.sn = ? and t.grain = ${length}`;
      params.push(f.merchantId, f.sn);
    } else {
      text = `order_stats t where t.merchant_id = ? and t.cut = ? and t.grain = ${length}`;
      params.push(f.merchantId, cut!.cut);
    }
    if (grain !== 'r.grain') params.push(grain);
    return text;
  };
  /** What follows the periods in every seek of the totals. */
  const rest = (): string =>
    (priced ? prices('t') : '') + shared('t') + (f.paidOnly ? ' and t.priced = 1' : '');
  // A few buckets are named one by one, so that the index seeks the price range in each of them.
  const isNamed = (r: BucketRange) => priced && (r.to - r.from) / r.grain <= 8;
  if (postgres) {
    // PostgreSQL: the runs as arrays, one nested-loop seek per run (or per named bucket) on the key's prefix.
    // A SELECT per run under UNION ALL made it overestimate every branch (its periods' statistics cover every
    // merchant, cut and length), so it planned a parallel aggregate whose two workers took ~10 ms to start, and
    // spent ~5 ms planning the branches (EXPLAIN ANALYZE, docs/orders.md, decision 052). The text depends only
    // on the cut, the conditions and whether there are ranges and named buckets.
    const ranges = cover.ranges.filter((r) => !isNamed(r));
    const named = cover.ranges.filter(isNamed);
    shape.push(ranges.length ? 'R' : '', named.length ? 'N' : '');
    if (ranges.length) {
      params.push(
        ranges.map((r) => r.grain),
        ranges.map((r) => r.from),
        ranges.map((r) => r.to),
      );
      parts.push(
        `select ${prefixed(columns)} from unnest(?::bigint[], ?::bigint[], ?::bigint[]) r(grain, lo, hi) ` +
          `cross join lateral (select ${columns} from ${from('r.grain')} ` +
          `and t.period >= r.lo and t.period < r.hi${rest()}) t`,
      );
    }
    if (named.length) {
      const buckets = named.flatMap((r) => periodsOf(r).map((period) => [r.grain, period] as const));
      params.push(
        buckets.map(([grain]) => grain),
        buckets.map(([, period]) => period),
      );
      parts.push(
        `select ${prefixed(columns)} from unnest(?::bigint[], ?::bigint[]) r(grain, period) ` +
          `cross join lateral (select ${columns} from ${from('r.grain')} and t.period = r.period${rest()}) t`,
      );
    }
  } else {
    for (const r of cover.ranges) {
      const named = isNamed(r);
      shape.push(`${r.grain}:${named ? (r.to - r.from) / r.grain : 'r'}`);
      let sql = `select ${columns} from ${from(r.grain)}`;
      if (named) {
        sql += ` and t.period in (${periodsOf(r)
          .map((p) => (params.push(p), '?'))
          .join(', ')})`;
      } else {
        sql += ' and t.period >= ? and t.period < ?';
        params.push(r.from, r.to);
      }
      parts.push(sql + rest());
    }
  }
  // The deltas not folded yet; a machine's only those that name it (older ones are in its totals, 0026).
  let pending = `select ${columns} from order_stat_deltas d where d.merchant_id = ? and d.slot >= ? and d.slot < ?`;
  params.push(f.merchantId, cover.start, cover.end);
  if (f.sn) pending += bind(' and d.sn = ?', f.sn);
  pending += shared('d') + prices('d');
  if (f.paidOnly) pending += ' and d.price > 0';
  parts.push(pending);
  const key = `${postgres ? 'pg' : 'lite'}|${shape.join('|')}`;
  let text = totalsText.get(key);
  if (text === undefined) {
    text =
      'select client, status, sum(n) as n, sum(amount) as amount, sum(refund_fee) as refund_fee, ' +
      `sum(cost_price) as cost_price from (${parts.join(' union all ')}) k group by client, status`;
    if (postgres) {
      let i = 0;
      text = text.replace(/\?/g, () => `$${++i}`);
    }
    if (totalsText.size < 10_000) totalsText.set(key, text);
  }
  return CompiledQuery.raw(text, params) as CompiledQuery<GroupRow>;
}

function groupsOf(rows: GroupRow[]): StatGroup[] {
  return rows.map((r) => ({
    client: r.client,
    status: Number(r.status),
    n: Number(r.n ?? 0),
    amount: Number(r.amount ?? 0),
    refund_fee: Number(r.refund_fee ?? 0),
    cost_price: Number(r.cost_price ?? 0),
  }));
}

type Sums = Pick<OrderStatsTable, 'n' | 'amount' | 'refund_fee' | 'cost_price'>;

function addSums(sum: Sums, row: { n: unknown; amount: unknown; refund_fee: unknown; cost_price: unknown }) {
  sum.n += Number(row.n);
  sum.amount += Number(row.amount);
  sum.refund_fee += Number(row.refund_fee);
  sum.cost_price += Number(row.cost_price);
}

/** Upserts in key order, so that two processes folding at once never wait for each other in a cycle. */
function inKeyOrder<T>(rows: Map<string, T>): T[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** The columns of the totals as read from the lateral seek `t`. */
function prefixed(columns: string): string {
  return columns
    .split(', ')
    .map((c) => `t.${c}`)
    .join(', ');
}

function periodsOf(r: BucketRange): number[] {
  const periods: number[] = [];
  for (let p = r.from; p < r.to; p += r.grain) periods.push(p);
  return periods;
}
