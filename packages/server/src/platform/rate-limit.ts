import type { Kysely } from 'kysely';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../db/database';
import { AppError } from './app-error';

/**
 * Sliding-window limits kept in the database, so every server process sees the same counts.
 * A bucket is a string such as "login:user:13800138000" or "login:ip:1.2.3.4".
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** Throws "try again in N seconds" when the bucket already holds `limit` events inside the window. */
  async assertBelow(bucket: string, limit: number, windowMs: number): Promise<void> {
    const now = this.clock();
    const rows = await this.db
      .selectFrom('rate_events')
      .select('at')
      .where('bucket', '=', bucket)
      .where('at', '>', now - windowMs)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length < limit) return;
    const oldest = rows[rows.length - 1]!.at;
    const seconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    throw new AppError(RCODE.TOO_MANY_ATTEMPTS, { seconds });
  }

  async record(bucket: string): Promise<void> {
    await this.db.insertInto('rate_events').values({ bucket, at: this.clock() }).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('bucket', '=', bucket).execute();
  }

  /** Old events are only clutter; the jobs runner calls this. */
  async prune(olderThanMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_events')
      .where('at', '<', this.clock() - olderThanMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
