import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * "One process runs this job" across every server process of a deployment (DESIGN.md): a row per job names its
 * holder until a moment. A process takes the lease when it is free or expired, and keeps it by taking it again
 * before it runs out; a process that dies simply lets it expire. Each step is one conditional statement, so two
 * processes racing for a lease never both get it.
 */
export class JobLease {
  /**
   * Names this process in the lease rows: its pid (to find it on its host, and for the several-processes test)
   * and a random part (pids repeat across hosts and restarts).
   */
  readonly holder = `proc-${process.pid}-${randomBytes(6).toString('hex')}`;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** Takes or renews the lease for `ttlMs`; false while another process holds it. */
  async acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = this.clock();
    await this.db
      .insertInto('job_leases')
      .values({ name, holder: this.holder, expires_at: now + ttlMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('job_leases')
      .set({ holder: this.holder, expires_at: now + ttlMs })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Extends every lease this process holds to `ttlMs` from now (the runner's heartbeat), whether or not its job is
   * due or still running: a job keeps its process while that process lives, and a dead one's expire within ttlMs.
   * Answers how many leases were renewed.
   */
  async renewAll(ttlMs: number): Promise<number> {
    const result = await this.db
      .updateTable('job_leases')
      .set({ expires_at: this.clock() + ttlMs })
      .where('holder', '=', this.holder)
      .where('expires_at', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Lets another process take the job at once (shutdown). */
  async release(name: string): Promise<void> {
    await this.db
      .updateTable('job_leases')
      .set({ expires_at: 0 })
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .execute();
  }
}
