import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { isPostgres } from '../../db/schema-helpers';
import { DEVICE_SUM_COLUMNS, GOODS_SUM_COLUMNS } from './coarse-sums';

/*
 * The running totals (issue 13, migration 0016, docs/analytics.md, decision 034). For each merchant and each local
 * day on which something of it was folded (a "snapshot day"), one row per key the merchant ever had up to that
 * day — machine, store and area; store and area; goods, store and area — holding the figures of every day up to
 * and including it (the coarse rollups' sums, coarse-sums.ts). The figures of the whole days [a, b) are the rows
 * of the last snapshot day before b minus those of the last snapshot day before a: two contiguous reads of the
 * primary key (merchant, day, …) whatever the length of the range, instead of a row per key and day or month.
 *
 * Invariant (what the fold keeps): every day with folded activity is a snapshot day, and a snapshot day holds a
 * row for every key with folded activity on it or before it (dense: a new snapshot day starts as a copy of the one
 * before it). A delta of day d adds to its key's row on every snapshot day from d on: today's sales touch today's
 * rows only; a late report, a refund or a status change of an older day also updates that key's later rows (one
 * row per later snapshot day, in the fold, never in a sale). Rows are never deleted: a key without figures is a
 * row of zeros, and the reads drop groups whose difference is zero.
 */

type Db = Kysely<Database>;
type Cell = number | string;
type Row = Record<string, Cell>;

/** A running-totals table: the key columns after (merchant_id, day), in primary-key order, and the sums. */
export interface RunTable {
  table: 'device_sum_runs' | 'store_sum_runs' | 'goods_sum_runs';
  key: readonly string[];
  sums: readonly string[];
}

export const DEVICE_RUNS: RunTable = {
  table: 'device_sum_runs',
  key: ['sn', 'store_id', 'area_id'],
  sums: DEVICE_SUM_COLUMNS,
};
export const STORE_RUNS: RunTable = {
  table: 'store_sum_runs',
  key: ['store_id', 'area_id'],
  sums: DEVICE_SUM_COLUMNS,
};
export const GOODS_RUNS: RunTable = {
  table: 'goods_sum_runs',
  key: ['goods_id', 'store_id', 'area_id'],
  sums: GOODS_SUM_COLUMNS,
};

/**
 * First key of the PostgreSQL advisory lock a fold of running totals holds ("RUNS"): a fold reads which snapshot
 * days exist and copies the last one into a new day, so two processes folding at once would each copy; the lock
 * makes the folds of one deltas table take turns (sales are never held: they write deltas only).
 */
const LOCK_SPACE = 0x52554e53;

/** Makes the folds of deltas table number `fold` take turns (PostgreSQL; SQLite has one writer at a time). */
export async function lockRunFolds(trx: Db, fold: number): Promise<void> {
  if (isPostgres(trx as Kysely<unknown>))
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${fold})`.execute(trx);
}

/** The last snapshot day before `before` of the merchant (a scalar subquery: part of the reading statement). */
export function lastSnapshotBefore(run: RunTable, merchantId: number, before: number): RawBuilder<unknown> {
  return sql`(select max(r.day) from ${sql.table(run.table)} r where r.merchant_id = ${merchantId} and r.day < ${before})`;
}

/** UPSERT rows per statement (PostgreSQL and SQLite both take this many parameters). */
const UPSERT_ROWS = 400;

/**
 * Adds a batch's contributions to a running-totals table: `rows` are (merchant_id, day, the key, the sums),
 * one per key and day, none all zero. Per merchant: the snapshot days from the earliest day of the batch on are
 * read, each day of the batch not yet one is created as a copy of the snapshot day before it (so far every new
 * day holds the sums before this batch), then every contribution is added to its key's row on its day and every
 * later snapshot day, upserted in key order. Runs inside the fold's transaction, after lockRunFolds.
 */
export async function foldRuns(trx: Db, run: RunTable, rows: readonly Row[]): Promise<void> {
  const byMerchant = new Map<number, Row[]>();
  for (const row of rows) {
    const merchant = Number(row['merchant_id']);
    const list = byMerchant.get(merchant);
    if (list) list.push(row);
    else byMerchant.set(merchant, [row]);
  }
  for (const merchant of [...byMerchant.keys()].sort((a, b) => a - b)) {
    const list = byMerchant.get(merchant)!;
    const touched = [...new Set(list.map((r) => Number(r['day'])))].sort((a, b) => a - b);
    const existing = await snapshotDays(trx, run, merchant, touched[0]!);
    const known = new Set(existing);
    for (const day of touched) if (!known.has(day)) await copySnapshot(trx, run, merchant, day);
    const days = [...new Set([...existing, ...touched])].sort((a, b) => a - b);
    const totals = new Map<string, Row>();
    for (const row of list) {
      const from = Number(row['day']);
      for (let i = firstAtOrAfter(days, from); i < days.length; i++) {
        const day = days[i]!;
        const id = `${day}\u0000${run.key.map((k) => row[k]).join('\u0000')}`;
        const sum = totals.get(id);
        if (!sum) totals.set(id, { ...row, day });
        else for (const s of run.sums) sum[s] = Number(sum[s]) + Number(row[s]);
      }
    }
    const sorted = [...totals.values()].sort((a, b) => compareRows(a, b, ['day', ...run.key]));
    for (let i = 0; i < sorted.length; i += UPSERT_ROWS) {
      await upsertAdding(trx, run, merchant, sorted.slice(i, i + UPSERT_ROWS));
    }
  }
}

/** The merchant's snapshot days from `from` on, one index seek each (a loose scan of the primary key). */
async function snapshotDays(trx: Db, run: RunTable, merchantId: number, from: number): Promise<number[]> {
  const table = sql.table(run.table);
  const { rows } = await sql<{ day: number | string | null }>`
    with recursive s(day) as (
      select min(t.day) from ${table} t where t.merchant_id = ${merchantId} and t.day >= ${from}
      union all
      select (select min(t.day) from ${table} t where t.merchant_id = ${merchantId} and t.day > s.day)
      from s where s.day is not null)
    select day from s where day is not null`.execute(trx);
  return rows.map((r) => Number(r.day));
}

/** A new snapshot day: every row of the last snapshot day before it, as they stand. */
async function copySnapshot(trx: Db, run: RunTable, merchantId: number, day: number): Promise<void> {
  const table = sql.table(run.table);
  const columns = [...run.key, ...run.sums].map((c) => sql.ref(c));
  await sql`
    insert into ${table} (merchant_id, day, ${sql.join(columns)})
    select merchant_id, ${day}, ${sql.join(columns)} from ${table}
    where merchant_id = ${merchantId} and day = ${lastSnapshotBefore(run, merchantId, day)}`.execute(trx);
}

async function upsertAdding(trx: Db, run: RunTable, merchantId: number, rows: Row[]): Promise<void> {
  const columns = ['day', ...run.key, ...run.sums];
  const values = rows.map((r) => sql`(${merchantId}, ${sql.join(columns.map((c) => r[c]))})`);
  await sql`
    insert into ${sql.table(run.table)} (merchant_id, ${sql.join(columns.map((c) => sql.ref(c)))})
    values ${sql.join(values)}
    on conflict (merchant_id, day, ${sql.join(run.key.map((c) => sql.ref(c)))}) do update set
      ${sql.join(run.sums.map((s) => sql`${sql.ref(s)} = ${sql.ref(`${run.table}.${s}`)} + excluded.${sql.ref(s)}`))}`.execute(
    trx,
  );
}

/** The index of the first of the sorted `days` at or after `day`. */
function firstAtOrAfter(days: readonly number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compareRows(a: Row, b: Row, key: readonly string[]): number {
  for (const k of key) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}
