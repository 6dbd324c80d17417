import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SortAttr } from '@vendo/contract/api/analytics';
import { DEFAULT_TIME_ZONE, nextPeriodStart, startOfPeriod } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import { isPostgres } from '../../db/schema-helpers';
import { goodsSumsByKey, sumsByKey, type AnalysisSums, type GoodsSums } from '../orders/analysis-sums';
import {
  analysisSumsOf,
  DEVICE_DELTA_SQL,
  DEVICE_SUM_COLUMNS,
  deviceSumsOf,
  GOODS_DELTA_SQL,
  GOODS_SUM_COLUMNS,
  goodsSumsFrom,
  goodsSumsOf,
  type DeviceSumColumn,
  type GoodsSumColumn,
} from './coarse-sums';
import { monthOf } from './analytics-tables';
import { rankGoods, rankSums, type GoodsRanking } from './rankings';
import { factConditions, goodsFacts, orderFacts, RawFacts, type SumRow } from './raw-facts';
import {
  DEVICE_RUNS,
  foldRuns,
  GOODS_RUNS,
  lastSnapshotBefore,
  lockRunFolds,
  STORE_RUNS,
  type RunTable,
} from './sum-runs';
import type {
  FactFilter,
  GoodsFact,
  GoodsGrouping,
  GoodsSumsGrouping,
  OrderFact,
  OrderGrouping,
  RankGrouping,
  SalesFacts,
  SumsGrouping,
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

  private foldedSinceVacuum = 0;
  private vacuums = 0;

  constructor(
    private readonly db: Db,
    /** The zone of merchants without one (the server's default). */
    private readonly defaultZone: string = DEFAULT_TIME_ZONE,
    /** PostgreSQL: deltas folded between two vacuums of the deltas tables (cleanUp). */
    private readonly vacuumEvery = 20_000,
    /**
     * Spans of at most this many whole days are read from the day rollups (device_sum_days, goods_sum_days),
     * longer ones from the running totals; by default each table's measured crossover (DAY_ROLLUP_SPANS).
     */
    private readonly dayRollupSpan?: number,
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
   * The analysis per machine, store, area or none (the lists) from the running totals (migration 0016,
   * sum-runs.ts) or, for spans of a few days, the day rollups (migration 0010): the whole days of the range —
   * with the part day at either end taken whole when nothing was sold in the rest of that day (a range ending at
   * the next hour) — per machine (grouped by machine, or one machine) or per store and area; other part days as
   * `orders` reads them (store hours; a machine's orders).
   */
  async sums(filter: FactFilter, grouping: SumsGrouping): Promise<Map<string, AnalysisSums>> {
    const machines = Boolean(filter.sn) || grouping === 'sn';
    const { spans, rest } = await this.spans(filter);
    const out = new Map<string, AnalysisSums>();
    const add = (key: string, s: AnalysisSums) => {
      const sums = out.get(key);
      if (sums) addSums(sums, s);
      else out.set(key, s);
    };
    if (spans.length) {
      const key = keyColumn(grouping, { area: 'area_id', store: 'store_id', sn: 'sn' });
      const { rows } = await this.summed(machines ? DEVICE_READ : STORE_READ, filter, key, sql``, spans);
      for (const row of rows) add(grouping === 'none' ? '' : row.k, analysisSumsOf(row.sums));
    }
    for (const part of rest) {
      const facts = machines
        ? await this.raw.orders({ ...filter, start: part.from, end: part.to }, grouping)
        : orderFacts(await this.salesHours(filter, grouping, part.from, part.to), grouping === 'none');
      for (const [key, s] of sumsByKey(facts)) add(key, s);
    }
    return out;
  }

  /**
   * The ranking of stores or machines (rankings.ts: rankSums of `sums`), ranked in the statement: the groups of
   * the range summed as `sums` sums them, ordered by the ranking's figure and the key, and only the first `top`
   * answered — six machines built instead of a thousand. A range with part days that are not taken whole (read
   * from hours or orders) is ranked here from `sums`.
   */
  async ranking(
    filter: FactFilter,
    grouping: RankGrouping,
    by: SortAttr,
    top: number,
  ): Promise<Array<[string, AnalysisSums]>> {
    const { spans, rest } = await this.spans(filter);
    if (rest.length) return rankSums(await this.sums(filter, grouping), grouping, by, top);
    if (!spans.length) return [];
    const machines = Boolean(filter.sn) || grouping === 'sn';
    const key = keyColumn(grouping, { store: 'store_id', sn: 'sn' });
    const { rows } = await this.summed(machines ? DEVICE_READ : STORE_READ, filter, key, sql``, spans, {
      by: by === 'income' ? 'income' : 'success_n',
      tie: 'text',
      keys: grouping === 'store' ? 'nonzero' : 'all',
      offset: 0,
      limit: top,
      totals: false,
    });
    return rows.map((row) => [row.k, analysisSumsOf(row.sums)]);
  }

  /**
   * The goods sums per goods or store from the running totals or the day rollups, whole days and part days as
   * `sums` takes them (other part days from goods_hours); a machine's goods from its orders.
   */
  async goodsSums(filter: FactFilter, grouping: GoodsSumsGrouping): Promise<Map<string, GoodsSums>> {
    if (filter.sn) return this.raw.goodsSums(filter, grouping);
    const { spans, rest } = await this.spans(filter);
    const out = new Map<string, GoodsSums>();
    const add = (key: string, s: GoodsSums) => out.set(key, combineGoodsSums(s, out.get(key)));
    if (spans.length) {
      const key = sql.ref(grouping === 'goods' ? 't.goods_id' : 't.store_id');
      const { rows } = await this.summed(GOODS_READ, filter, key, goodsOnly(filter), spans);
      for (const row of rows) add(row.k, goodsSumsFrom(row.sums));
    }
    for (const part of rest) {
      const rows = await this.goodsRows('goods_hours', filter, grouping, { start: part.from, end: part.to });
      for (const [key, s] of goodsSumsByKey(goodsFacts(rows), (f) => f.key)) add(key, s);
    }
    return out;
  }

  /**
   * The goods ranking (rankings.ts: rankGoods of `goodsSums` by goods), ranked and paged in the statement, with
   * the number of goods and their totals counted over every goods of the range in the same statement.
   */
  async goodsRanking(
    filter: FactFilter,
    by: SortAttr,
    window: { offset: number; limit: number },
  ): Promise<GoodsRanking> {
    const whole = async () => rankGoods(await this.goodsSums(filter, 'goods'), by, window);
    if (filter.sn) return whole();
    const { spans, rest } = await this.spans(filter);
    if (rest.length) return whole();
    const none: GoodsRanking = { page: [], count: 0, total: { count: 0, income: 0 } };
    if (!spans.length) return none;
    const { rows, count, totals } = await this.summed(
      GOODS_READ,
      filter,
      sql.ref('t.goods_id'),
      goodsOnly(filter),
      spans,
      { by: by === 'income' ? 'income' : 'n', tie: 'number', keys: 'positive', totals: true, ...window },
    );
    // A page past the last goods has no row to carry the count and totals.
    if (!rows.length) return window.offset > 0 ? whole() : none;
    const total = goodsSumsFrom(totals);
    return {
      page: rows.map((row) => [Number(row.k), goodsSumsFrom(row.sums)]),
      count,
      total: { count: total.count, income: total.income },
    };
  }

  /**
   * The range as spans of whole local days (adjacent ones joined) and the part days left: a part day is taken
   * whole when the merchant sold nothing in the rest of that day (then the day's figures are the part's).
   */
  private async spans(filter: FactFilter): Promise<{ spans: Array<[number, number]>; rest: PartDay[] }> {
    const { whole, parts } = await this.split(filter);
    const days: Array<[number, number]> = whole ? [[whole.from, whole.to]] : [];
    const rest: PartDay[] = [];
    for (const part of parts) {
      if (await this.restOfDayEmpty(filter.merchantId, part)) days.push([part.day, part.dayEnd]);
      else rest.push(part);
    }
    days.sort((a, b) => a[0] - b[0]);
    const spans: Array<[number, number]> = [];
    for (const [from, to] of days) {
      const last = spans[spans.length - 1];
      if (last && last[1] === from) last[1] = to;
      else spans.push([from, to]);
    }
    return { spans, rest };
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
    if (folded && isPostgres(this.db as Kysely<unknown>)) await this.cleanUp(folded);
    return folded;
  }

  /**
   * PostgreSQL keeps the deltas a fold deleted (and the rollup rows an upsert replaced) as dead rows until a
   * vacuum; the product does not count on autovacuum (a server may run without it): every `vacuumEvery` deltas
   * folded by this process it vacuums the deltas, and every tenth time the rollups too. `skip_locked`: a vacuum
   * another process runs is not waited for. Outside any transaction, as VACUUM must be.
   */
  private async cleanUp(folded: number): Promise<void> {
    this.foldedSinceVacuum += folded;
    if (this.foldedSinceVacuum < this.vacuumEvery) return;
    this.foldedSinceVacuum = 0;
    const rollups = ++this.vacuums % 10 === 0;
    const tables = FOLDS.flatMap((f) => [f.deltas, ...(rollups ? f.into.map((t) => t.table) : [])]);
    await sql`vacuum (skip_locked) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(this.db);
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

  /**
   * Spans of whole local days [from, to) summed per key with the unfolded deltas, in one statement (one
   * snapshot: a fold running meanwhile moves figures from the deltas to the rollups without changing the sum).
   * A span longer than the read's crossover (daySpan) is the rows of the last snapshot day of the running totals before
   * its end minus those of the last snapshot day before its start — each one seek and a contiguous read of the
   * primary key (merchant, day, …), however long the span; a shorter one is its rows of the day rollup, which
   * hold only the keys that sold on each day. The deltas of its days are derived in SQL (coarse-sums.ts). Groups
   * left with nothing are dropped.
   *
   * Ranked (`rank`): the groups are ordered by the ranking's figure, descending, then by the key (as text, in
   * byte order as JavaScript compares ASCII strings; or as a number), and only the window [offset, offset +
   * limit) is answered, with the number of groups and their totals when asked (the goods ranking: window
   * functions before the limit). Without them (stores, machines) the window of keys is ranked first from two sums
   * per group — the figure and the orders' count, since a group has figures exactly when it has orders — and
   * only its keys get every sum, in the same statement (a materialized CTE): at 1,000 machines over 93 days the
   * statement went from 2.6 ms (thirteen sums per machine and the window functions) to 1.1 ms on SQLite.
   */
  private async summed<C extends string>(
    read: SumsRead<C>,
    f: FactFilter,
    key: RawBuilder<unknown>,
    extra: RawBuilder<unknown>,
    spans: ReadonlyArray<readonly [number, number]>,
    rank?: Rank<C>,
  ): Promise<{
    rows: Array<{ k: string; sums: Record<C, number> }>;
    count: number;
    totals: Record<C, number>;
  }> {
    const table = sql.table(read.run.table);
    /** The pieces of the range (a span's rollup rows or snapshot pair, and its deltas) with these sums. */
    const pieces = (columns: readonly C[], only: RawBuilder<unknown>) => {
      const stored = (value: (c: C) => RawBuilder<unknown>) =>
        sql.join(columns.map((c) => sql`${value(c)} as ${sql.ref(c)}`));
      const selects: RawBuilder<unknown>[] = [];
      const select = (values: RawBuilder<unknown>, source: RawBuilder<unknown>, sn: boolean) =>
        selects.push(
          sql`select ${key} as k, ${values} ${source}${extra}${only} and ${factConditions(f, 't', { sn })}`,
        );
      for (const [from, to] of spans) {
        if (read.days && Math.round((to - from) / DAY_MS) <= (this.dayRollupSpan ?? read.daySpan)) {
          select(
            stored((c) => sql`t.${sql.ref(c)}`),
            sql`from ${sql.table(read.days)} t where ${days(from, to)}`,
            read.run.key.includes('sn'),
          );
        } else {
          // The earlier snapshot's row of the same key (its keys are among the later one's: rows are never deleted).
          const sameKey = sql.join(
            read.run.key.map((c) => sql`f.${sql.ref(c)} = t.${sql.ref(c)}`),
            sql` and `,
          );
          select(
            stored((c) => sql`t.${sql.ref(c)} - coalesce(f.${sql.ref(c)}, 0)`),
            sql`from ${table} t left join ${table} f on f.merchant_id = t.merchant_id
              and f.day = ${lastSnapshotBefore(read.run, f.merchantId, from)} and ${sameKey}
              where t.day = ${lastSnapshotBefore(read.run, f.merchantId, to)}`,
            read.run.key.includes('sn'),
          );
        }
        select(
          stored((c) => read.fromDelta[c]),
          sql`from ${sql.table(read.deltas)} t where ${days(from, to)} and t.hour >= ${from} and t.hour < ${to}`,
          read.sn,
        );
      }
      return sql.join(selects, sql` union all `);
    };
    const grouped = (columns: readonly C[], only: RawBuilder<unknown> = sql``) =>
      sql`select k, ${sql.join(columns.map((c) => sql`sum(${sql.ref(c)}) as ${sql.ref(c)}`))}
        from (${pieces(columns, only)}) u group by k`;
    const ref = (c: string) => sql.ref(`g.${c}`);
    // The sums of a group come back as one text, 'a,b,c,…': a thousand machines are a thousand short strings,
    // not a thousand rows of thirteen values for the driver to build.
    const pack = (value: (c: C) => RawBuilder<unknown>) =>
      sql.join(
        read.columns.map((c) => value(c)),
        sql` || ',' || `,
      );
    const keys = sql.join(
      [
        ...(rank?.keys === 'nonzero' ? [sql`g.k <> 0`] : []),
        ...(rank?.keys === 'positive' ? [sql`g.k > 0`] : []),
      ].map((c) => sql` and ${c}`),
      sql``,
    );
    const order = (by: C) =>
      sql`order by ${ref(by)} desc, ${
        rank?.tie === 'number'
          ? sql`g.k`
          : isPostgres(this.db as Kysely<unknown>)
            ? sql`cast(g.k as text) collate "C"`
            : sql`cast(g.k as text)`
      }`;
    let statement: RawBuilder<{ k: string | number; v: string; n?: number | string; t?: string }>;
    if (rank && !rank.totals && read.columns.includes('n' as C)) {
      // Without totals, in two steps of one statement: the window of keys ranked by the figure alone (and the
      // orders' count: a group has figures exactly when it has orders), then every sum of those keys only —
      // two sums per group instead of thirteen over the range's thousand machines.
      const n = 'n' as C;
      const narrow = rank.by === n ? [n] : [n, rank.by];
      statement = sql`
        with top as materialized (
          select g.k as k from (${grouped(narrow)}) g where ${ref(n)} <> 0${keys}
          ${order(rank.by)} limit ${rank.limit} offset ${rank.offset})
        select g.k as k, ${pack(ref)} as v
        from (${grouped(read.columns, sql` and ${key} in (select k from top)`)}) g
        ${order(rank.by)}`;
    } else {
      const nonzero = sql`(${sql.join(
        read.columns.map((c) => sql`${ref(c)} <> 0`),
        sql` or `,
      )})`;
      const tail = rank ? sql` ${order(rank.by)} limit ${rank.limit} offset ${rank.offset}` : sql``;
      const windowed = rank?.totals
        ? sql`, count(*) over () as n, ${pack((c) => sql`sum(${ref(c)}) over ()`)} as t`
        : sql``;
      statement = sql`
        select g.k as k, ${pack(ref)} as v${windowed}
        from (${grouped(read.columns)}) g
        where ${nonzero}${keys}${tail}`;
    }
    const result = await statement.execute(this.db);
    const unpack = (v: string) => {
      const values = v.split(',');
      const sums = {} as Record<C, number>;
      read.columns.forEach((c, i) => (sums[c] = Number(values[i])));
      return sums;
    };
    const first = result.rows[0];
    return {
      rows: result.rows.map((r) => ({ k: String(r.k), sums: unpack(r.v) })),
      count: Number(first?.n ?? 0),
      totals: first?.t ? unpack(first.t) : unpack(read.columns.map(() => '0').join(',')),
    };
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

/**
 * What a read sums: the running totals, the day rollup of the same keys (read for short spans; none for the store
 * totals, whose snapshot is small), the deltas that feed both, their sums and how a delta gives them in SQL.
 */
interface SumsRead<C extends string> {
  run: RunTable;
  days: 'device_sum_days' | 'goods_sum_days' | null;
  /** Spans of at most this many days read `days`. */
  daySpan: number;
  deltas: string;
  /** Whether the deltas are sales deltas (they have the machine). */
  sn: boolean;
  columns: readonly C[];
  fromDelta: Record<C, RawBuilder<unknown>>;
}

/** A ranking in the statement: by which sum, the tie-break, which keys rank, and the window answered. */
interface Rank<C extends string> {
  by: C;
  /** Ties by the key as text (machines, stores: what rankSums does) or as a number (goods). */
  tie: 'text' | 'number';
  /** 'nonzero': not key 0 (stores: machines in no store); 'positive': goods with an id. */
  keys: 'all' | 'nonzero' | 'positive';
  offset: number;
  limit: number;
  /** Whether the number of groups and their totals (over every group, not the window) are answered too. */
  totals: boolean;
}

/**
 * Spans of at most this many whole days read the day rollups, longer ones the running totals: where the two
 * cross at 1,000,000 orders (docs/analytics.md, Measured; bench/analytics prints the crossover). A day of
 * machines is some 850 rows of device_sum_days against a snapshot pair of 2,000; a day of goods some 720 rows of
 * goods_sum_days against a pair of 6,000.
 */
export const DAY_ROLLUP_SPANS = { machines: 2, goods: 7 } as const;

const DEVICE_READ: SumsRead<DeviceSumColumn> = {
  run: DEVICE_RUNS,
  days: 'device_sum_days',
  daySpan: DAY_ROLLUP_SPANS.machines,
  deltas: 'sales_deltas',
  sn: true,
  columns: DEVICE_SUM_COLUMNS,
  fromDelta: DEVICE_DELTA_SQL,
};

/** Per store and area: the rankings and lists of stores, areas and the whole, with no machine named. */
const STORE_READ: SumsRead<DeviceSumColumn> = { ...DEVICE_READ, run: STORE_RUNS, days: null };

const GOODS_READ: SumsRead<GoodsSumColumn> = {
  run: GOODS_RUNS,
  days: 'goods_sum_days',
  daySpan: DAY_ROLLUP_SPANS.goods,
  deltas: 'goods_deltas',
  sn: false,
  columns: GOODS_SUM_COLUMNS,
  fromDelta: GOODS_DELTA_SQL,
};

const DAY_MS = 86_400_000;

/** One goods (the goods detail's shares are of every goods; a filter naming one narrows the rows). */
const goodsOnly = (f: FactFilter) => (f.goodsId ? sql` and t.goods_id = ${f.goodsId}` : sql``);

function addSums(into: AnalysisSums, s: AnalysisSums): void {
  for (const k of Object.keys(into) as Array<keyof AnalysisSums>) into[k] += s[k];
}

function combineGoodsSums(s: GoodsSums, into?: GoodsSums): GoodsSums {
  if (!into) return { ...s };
  into.count += s.count;
  into.income += s.income;
  into.costPrice += s.costPrice;
  return into;
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
type Row = Record<string, Cell>;

/** A rollup a deltas table feeds: its key (in primary-key order), its sums, and the row a delta adds to it. */
interface Target {
  table: string;
  key: readonly string[];
  sums: readonly string[];
  /** The delta as this rollup's row; the delta itself when absent. */
  shape?: (delta: Row) => Row;
  /** Running totals (sum-runs.ts): the row is added to its key's row on its day and every later snapshot day. */
  run?: RunTable;
}

interface Fold {
  deltas: string;
  into: readonly Target[];
}

const SALES_SUMS = ['n', 'amount', 'refund_fee', 'cost_price'] as const;
const GOODS_SUMS = ['n', 'income', 'cost_price'] as const;

/** A sales delta as a row of a machine rollup (by day, or by the UTC month of its day). */
const deviceRow =
  (period: 'day' | 'month') =>
  (d: Row): Row => ({
    merchant_id: d['merchant_id']!,
    [period]: period === 'day' ? d['day']! : monthOf(Number(d['day'])),
    sn: d['sn']!,
    store_id: d['store_id']!,
    area_id: d['area_id']!,
    ...deviceSumsOf({
      client: String(d['client']),
      status: Number(d['status']),
      n: Number(d['n']),
      amount: Number(d['amount']),
      refund_fee: Number(d['refund_fee']),
      cost_price: Number(d['cost_price']),
    }),
  });

/** A goods delta as a row of a goods rollup (by day, or by the UTC month of its day). */
const goodsRow =
  (period: 'day' | 'month') =>
  (d: Row): Row => ({
    merchant_id: d['merchant_id']!,
    [period]: period === 'day' ? d['day']! : monthOf(Number(d['day'])),
    goods_id: d['goods_id']!,
    store_id: d['store_id']!,
    area_id: d['area_id']!,
    ...goodsSumsOf({
      status: Number(d['status']),
      n: Number(d['n']),
      income: Number(d['income']),
      cost_price: Number(d['cost_price']),
    }),
  });

function runTarget(run: RunTable, shape: (delta: Row) => Row): Target {
  return { table: run.table, key: ['merchant_id', 'day', ...run.key], sums: run.sums, shape, run };
}

/** Each deltas table and the rollups it feeds (migrations 0006 and 0010). */
const FOLDS: readonly Fold[] = [
  {
    deltas: 'sales_deltas',
    into: [
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
        table: 'device_sum_days',
        key: ['merchant_id', 'day', 'sn', 'store_id', 'area_id'],
        sums: DEVICE_SUM_COLUMNS,
        shape: deviceRow('day'),
      },
      {
        table: 'device_sum_months',
        key: ['merchant_id', 'month', 'sn', 'store_id', 'area_id'],
        sums: DEVICE_SUM_COLUMNS,
        shape: deviceRow('month'),
      },
      runTarget(DEVICE_RUNS, deviceRow('day')),
      runTarget(STORE_RUNS, deviceRow('day')),
    ],
  },
  {
    deltas: 'goods_deltas',
    into: [
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
      {
        table: 'goods_sum_days',
        key: ['merchant_id', 'day', 'goods_id', 'store_id', 'area_id'],
        sums: GOODS_SUM_COLUMNS,
        shape: goodsRow('day'),
      },
      {
        table: 'goods_sum_months',
        key: ['merchant_id', 'month', 'goods_id', 'store_id', 'area_id'],
        sums: GOODS_SUM_COLUMNS,
        shape: goodsRow('month'),
      },
      runTarget(GOODS_RUNS, goodsRow('day')),
    ],
  },
];

/** UPSERT rows per statement (PostgreSQL and SQLite both take this many parameters). */
const UPSERT_ROWS = 500;

async function foldBatch(trx: Db, fold: Fold, batch: number): Promise<number> {
  // Before the deltas are read: the running totals' fold reads the snapshot days as the fold before left them.
  if (fold.into.some((t) => t.run)) await lockRunFolds(trx, FOLDS.indexOf(fold));
  const deltas = sql.table(fold.deltas);
  const last = await sql<{
    id: number;
  }>`select id from ${deltas} order by id limit 1 offset ${batch - 1}`.execute(trx);
  const upTo = last.rows[0] ? sql` where id <= ${last.rows[0].id}` : sql``;
  const { rows } = await sql<Row>`delete from ${deltas}${upTo} returning *`.execute(trx);
  for (const target of fold.into) {
    const totals = new Map<string, Row>();
    for (const delta of rows) {
      const row = target.shape ? target.shape(delta) : delta;
      const id = target.key.map((k) => row[k]).join('\u0000');
      const sum = totals.get(id);
      if (!sum) totals.set(id, { ...row });
      else for (const s of target.sums) sum[s] = Number(sum[s]) + Number(row[s]);
    }
    const sorted = [...totals.values()]
      // A change that came and went within the batch (1 → 2 → 3 in one fold) leaves nothing to add.
      .filter((r) => target.sums.some((s) => Number(r[s]) !== 0))
      .sort((a, b) => compareKeys(a, b, target.key));
    if (target.run) {
      await foldRuns(trx, target.run, sorted);
      continue;
    }
    for (let i = 0; i < sorted.length; i += UPSERT_ROWS) {
      await upsert(trx, target, sorted.slice(i, i + UPSERT_ROWS));
    }
  }
  return rows.length;
}

async function upsert(trx: Db, target: Target, rows: Row[]): Promise<void> {
  const { sums } = target;
  const table = sql.table(target.table);
  const columns = [...target.key, ...sums];
  const values = rows.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`);
  const { rows: after } = await sql<Row>`
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

function compareKeys(a: Row, b: Row, key: readonly string[]): number {
  for (const k of key) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}
