import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { StatGroup } from './order-stats';

const HOUR = 3_600_000;

/** Entries kept (each a few dozen groups): far more than the lists a server's merchants have open at once. */
const MAX_ENTRIES = 512;

/** Past this many new deltas since the last look, every entry is dropped instead of reading them one by one. */
const MAX_READ = 2_000;

interface Entry {
  merchantId: number;
  from: number;
  to: number;
  groups: StatGroup[];
}

/**
 * The analysis sums of the past part of a bill list's range (before the hour now in), kept in memory until an
 * order in it changes (decision 064). Paging a list, refreshing it, or a second person opening it then sums only
 * the hour now in instead of the whole range again.
 *
 * What changes the sums: every change of an order a sum reads appends a delta, by the order's paid hour, through
 * the orders' triggers (migration 0009), whichever connection, thread or process wrote it. SQLite gives the
 * deltas ids in commit order (one writer at a time, AUTOINCREMENT never reuses an id) and sqlite_sequence says the
 * last one, so before each answer the cache reads the deltas after the last it saw and drops the entries of their
 * merchant whose range holds their hour; the order jobs have it look again in each fold, before the deltas are
 * removed. Deltas folded away before it looked (their ids are missing: a fold elsewhere) drop every entry. PostgreSQL assigns ids before commit, in no commit order, so there is no such watermark: it is not
 * used there (its statements do not hold the event loop either).
 */
export class PastSums {
  private readonly entries = new Map<string, Entry>();
  /** The last delta id seen; null before the first look. */
  private seen: number | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The sums of [from, to) for a filter key, from memory if no order in it changed, else computed and kept. */
  async sums(
    key: string,
    merchantId: number,
    from: number,
    to: number,
    compute: () => Promise<StatGroup[]>,
  ): Promise<StatGroup[]> {
    await this.catchUp();
    const id = `${key}|${from}|${to}`;
    const hit = this.entries.get(id);
    if (hit) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.groups;
    }
    const seenBefore = this.seen;
    const groups = await compute();
    // A change committed while it was summed may or may not be in it: kept only if none came meanwhile.
    if (seenBefore === (await this.lastDelta())) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { merchantId, from, to, groups });
    }
    return groups;
  }

  /**
   * Drops the entries the deltas written since the last look touch. The order jobs call it in each fold's
   * transaction (`db` is that transaction) before the fold removes the deltas it reads.
   */
  async catchUp(db: Kysely<Database> = this.db): Promise<void> {
    const last = await this.lastDelta(db);
    const seen = this.seen;
    this.seen = last;
    if (seen === null || last === seen) {
      if (seen === null) this.entries.clear();
      return;
    }
    if (last - seen > MAX_READ || last < seen) {
      this.entries.clear();
      return;
    }
    const deltas = (
      await db.executeQuery<{ merchant_id: number; slot: number }>(
        CompiledQuery.raw('select merchant_id, slot from order_stat_deltas where id > ? and id <= ?', [
          seen,
          last,
        ]),
      )
    ).rows;
    if (deltas.length !== last - seen) {
      this.entries.clear();
      return;
    }
    // The hours each merchant's deltas fall in, so each entry looks at its own merchant's only.
    const hours = new Map<number, Set<number>>();
    for (const d of deltas) {
      const merchant = Number(d.merchant_id);
      const of = hours.get(merchant);
      if (of) of.add(Number(d.slot));
      else hours.set(merchant, new Set([Number(d.slot)]));
    }
    for (const [id, entry] of this.entries) {
      const slots = hours.get(entry.merchantId);
      if (!slots) continue;
      for (const slot of slots)
        if (slot < entry.to && slot + HOUR > entry.from) {
          this.entries.delete(id);
          break;
        }
    }
  }

  private async lastDelta(db: Kysely<Database> = this.db): Promise<number> {
    const row = (
      await db.executeQuery<{ seq: number }>(
        CompiledQuery.raw("select seq from sqlite_sequence where name = 'order_stat_deltas'"),
      )
    ).rows[0];
    return row ? Number(row.seq) : 0;
  }
}
