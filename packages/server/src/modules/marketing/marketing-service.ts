import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import {
  ACTIVITY_ENTRIES,
  RECORD_KINDS,
  type ActivityEntry,
  type MarketingRecord,
  type RecordKind,
} from '@vendo/contract/api/marketing';
import type * as api from '@vendo/contract/api/marketing';
import { startOfPeriod } from '@vendo/contract/constants';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../platform/auth';
import { scopeOf } from '../../platform/scope';
import { MachineShelves } from '../devices/machine-shelves';
import { MerchantZones } from '../orders/merchant-zones';
import { resolveMarketingRange } from '../referrers/referrer-range';
import type { CenterSource, RecordFilter, RecordSource } from './marketing-sources';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

/** /record reads at most this far into the merged list by page (the file has no such limit). */
export const RECORD_WINDOW_MAX = 10_000;
/** The file reads each source this many lines at a time. */
const CHUNK = 500;

export interface MarketingDeps {
  db: Kysely<Database>;
  clock: () => number;
  timeZone: string;
  /** The entries of the modules this server has (coupons, gifts, referrers), each read through its service. */
  center: CenterSource[];
  records: RecordSource[];
}

/** What a /record request asks, resolved: the range and which sources. */
export interface RecordQuery {
  filter: RecordFilter;
  kinds: RecordKind[];
}

/**
 * The activity center and /record (issue 17): counts and records read through the coupons', gifts' and referrers'
 * services, merged here, never from the orders.
 */
export class MarketingService {
  private readonly zones: MerchantZones;

  constructor(private readonly d: MarketingDeps) {
    this.zones = new MerchantZones(d.timeZone);
  }

  async center(auth: AuthContext): Promise<CallResult<typeof api.getActivityCenter>> {
    const merchantId = auth.merchant.id;
    const now = this.d.clock();
    const timeZone = await this.zones.of(this.d.db, merchantId);
    const todayStart = startOfPeriod('day', now, timeZone);
    const entries: ActivityEntry[] = [];
    for (const key of ACTIVITY_ENTRIES) {
      if (key === 'record') {
        const today = { merchantId, start: todayStart, end: now + 1 };
        let count = 0;
        for (const source of this.d.records) count += await source.count(today);
        entries.push({ key, count, active: null, available: true });
        continue;
      }
      const source = this.d.center.find((s) => s.key === key);
      if (!source) {
        entries.push({ key, count: 0, active: 0, available: false });
        continue;
      }
      const { count, active } = await source.counts(merchantId, todayStart, now);
      entries.push({ key, count, active, available: true });
    }
    return { entries };
  }

  /** The request's range (the picker's rules), kind and machine. */
  async query(
    auth: AuthContext,
    c: Body<typeof api.getRecord>['condition'],
  ): Promise<RecordQuery & { range: { start: number; end: number } }> {
    const merchantId = auth.merchant.id;
    const timeZone = await this.zones.of(this.d.db, merchantId);
    const range = resolveMarketingRange(c, this.d.clock(), timeZone);
    // The check every list filtered by a machine makes (the audit log, profit sharing, stock, statistics): a machine
    // never the merchant's answers DEVICE_NOT_FOUND, not an empty list; one it had once still filters its records.
    if (c.sn !== undefined) {
      await new MachineShelves(this.d.db).checkFilterMachine(await scopeOf(this.d.db, auth), c.sn);
    }
    return {
      filter: { merchantId, ...range, sn: c.sn },
      kinds: c.kind ? [c.kind] : [...RECORD_KINDS],
      range,
    };
  }

  async records(
    auth: AuthContext,
    body: Body<typeof api.getRecord>,
  ): Promise<CallResult<typeof api.getRecord>> {
    const q = await this.query(auth, body.condition);
    const sources = this.sourcesOf(q.kinds);
    let count = 0;
    for (const s of sources) count += await s.count(q.filter);
    const offset = (Math.max(1, body.pageNum) - 1) * body.pageSize;
    const want = Math.min(offset + body.pageSize, RECORD_WINDOW_MAX);
    let data: MarketingRecord[] = [];
    if (offset < want) {
      // Every source's newest `want` lines hold the merged list's first `want`.
      const lists = await Promise.all(sources.map((s) => s.page(q.filter, 0, want)));
      data = lists.flat().sort(newestFirst).slice(offset, want);
    }
    return { data, count, range: { start_time: q.range.start, end_time: q.range.end } };
  }

  /** Every line of a query, newest first, merged from the sources a chunk at a time (for the file). */
  async *all(q: RecordQuery): AsyncGenerator<MarketingRecord> {
    const cursors = this.sourcesOf(q.kinds).map((source) => ({
      source,
      offset: 0,
      buffer: [] as MarketingRecord[],
      done: false,
    }));
    const fill = async (c: (typeof cursors)[number]) => {
      if (c.buffer.length > 0 || c.done) return;
      const rows = await c.source.page(q.filter, c.offset, CHUNK);
      c.offset += rows.length;
      c.buffer = rows;
      if (rows.length < CHUNK) c.done = true;
    };
    for (;;) {
      for (const c of cursors) await fill(c);
      let best: (typeof cursors)[number] | null = null;
      for (const c of cursors) {
        if (c.buffer.length === 0) continue;
        if (!best || newestFirst(c.buffer[0]!, best.buffer[0]!) < 0) best = c;
      }
      if (!best) return;
      yield best.buffer.shift()!;
    }
  }

  private sourcesOf(kinds: readonly RecordKind[]): RecordSource[] {
    return this.d.records.filter((s) => kinds.includes(s.kind));
  }
}

function newestFirst(a: MarketingRecord, b: MarketingRecord): number {
  if (a.time !== b.time) return b.time - a.time;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
