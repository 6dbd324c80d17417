import { sql, type Kysely } from 'kysely';
import { RCODE, type Rcode } from '@vendo/contract/rcodes';
import type { Database } from '../db/database';
import { isPostgres } from '../db/schema-helpers';
import { AppError } from './app-error';
import { sha256 } from './crypto';

/** One sliding-window limit on a bucket such as "login:address:1.2.3.4". */
export interface Limit {
  bucket: string;
  windowMs: number;
  /**
   * Refused once the bucket holds this many events inside the window (Infinity: counted, never refused). A
   * function reads the counts of the other buckets of the same attempt, e.g. to tighten a limit under attack.
   */
  limit: number | ((count: (bucket: string) => number) => number);
  /** The refusal; TOO_MANY_ATTEMPTS with the seconds until an event leaves the window unless set. */
  rcode?: Rcode;
}

/** An attempt holding one event in each bucket of its limits. */
export interface Attempt {
  /** Takes the attempt's events back, for an outcome that should not count (a right password). */
  release(): Promise<void>;
}

/** The bucket column is varchar(200); longer keys (user-typed names) are stored as their hash. */
const BUCKET_MAX = 200;
/** First key of the PostgreSQL advisory locks taken per bucket ("RATE"), apart from any other use. */
const LOCK_SPACE = 0x52415445;

/**
 * Sliding-window limits kept in the database, so every server process sees the same counts.
 *
 * Counting and recording are one step: `reserve` locks the buckets (PostgreSQL: a transaction-scoped advisory
 * lock per bucket; SQLite: the write lock every transaction takes, BEGIN IMMEDIATE), counts, and records the
 * attempt before anything is checked. So N parallel attempts at a bucket with limit L get at most L reservations;
 * the rest are refused without reaching the password check.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /**
   * Records one event in every bucket of `limits`, or none and throws the refusal of the first limit that is
   * full (TOO_MANY_ATTEMPTS waits for the latest of the full buckets).
   */
  async reserve(limits: readonly Limit[]): Promise<Attempt> {
    const now = this.clock();
    const keys = limits.map((l) => storedBucket(l.bucket));
    const ids = await this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx as unknown as Kysely<unknown>)) {
        for (const key of [...new Set(keys)].sort()) {
          await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`.execute(trx);
        }
      }
      const counts = new Map<string, number>();
      for (const [i, l] of limits.entries()) {
        const row = await trx
          .selectFrom('rate_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('bucket', '=', keys[i]!)
          .where('at', '>', now - l.windowMs)
          .executeTakeFirstOrThrow();
        counts.set(l.bucket, Number(row.n));
      }
      let refusal: Rcode | undefined;
      let seconds = 0;
      for (const [i, l] of limits.entries()) {
        const max = typeof l.limit === 'function' ? l.limit((b) => counts.get(b) ?? 0) : l.limit;
        if ((counts.get(l.bucket) ?? 0) < max) continue;
        refusal ??= l.rcode ?? RCODE.TOO_MANY_ATTEMPTS;
        // The bucket frees up when the event `max` places from the newest leaves the window.
        const edge = await trx
          .selectFrom('rate_events')
          .select('at')
          .where('bucket', '=', keys[i]!)
          .where('at', '>', now - l.windowMs)
          .orderBy('at', 'desc')
          .limit(1)
          .offset(max - 1)
          .executeTakeFirst();
        const wait = Math.ceil(((edge?.at ?? now) + l.windowMs - now) / 1000);
        seconds = Math.max(seconds, wait, 1);
      }
      if (refusal !== undefined) {
        throw new AppError(refusal, refusal === RCODE.TOO_MANY_ATTEMPTS ? { seconds } : undefined);
      }
      const rows = await trx
        .insertInto('rate_events')
        .values(keys.map((bucket) => ({ bucket, at: now })))
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    });
    return {
      release: async () => {
        if (ids.length > 0) await this.db.deleteFrom('rate_events').where('id', 'in', ids).execute();
      },
    };
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('bucket', '=', storedBucket(bucket)).execute();
  }

  /** Clears every bucket whose name starts with `prefix` (all addresses of one account). */
  async clearStartingWith(prefix: string): Promise<void> {
    await this.db
      .deleteFrom('rate_events')
      .where(sql<string>`substr(bucket, 1, ${prefix.length})`, '=', prefix)
      .execute();
  }

  /** Old events are only clutter; the jobs runner calls this. */
  async prune(olderThanMs: number = RATE_EVENTS_KEPT_MS): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_events')
      .where('at', '<', this.clock() - olderThanMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The longest window any limit counts over is a day (SMS sends); events older than two are never read. */
export const RATE_EVENTS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** The bucket as stored: itself while it fits the column, else its hash under the part before the first colon. */
function storedBucket(bucket: string): string {
  if (bucket.length <= BUCKET_MAX) return bucket;
  const kind = bucket.slice(0, Math.max(0, bucket.indexOf(':'))).slice(0, 64);
  return `${kind}:sha256:${sha256(bucket)}`;
}
