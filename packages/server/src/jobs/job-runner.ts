import type { JobLease } from './job-lease';
import { logFault, type FaultLog } from '../platform/database-faults';

/** A piece of background work and how often it runs. */
export interface Job {
  /** Also the lease's name: one process of the deployment runs it. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** How long a lease lasts after its holder's last heartbeat, unless JOB_LEASE_MS says otherwise. */
export const DEFAULT_JOB_LEASE_MS = 30_000;

export interface JobRunnerOptions {
  /**
   * How long a lease outlives its holder's last heartbeat: a process that dies (kill -9, a lost host) gives its
   * jobs up after at most this plus one tick (decision 043).
   */
  leaseMs?: number;
  /** How often the timer renews the leases held and runs the jobs due; default a sixth of the lease. */
  tickMs?: number;
}

/**
 * Runs jobs on a timer in `vendo serve`, each under its lease. Every tick renews the leases this process holds
 * (a heartbeat, apart from the jobs, so a long run keeps its lease) and then runs the jobs whose interval has
 * passed. Tests do not start the timer; they call runDue() with a hand-moved clock instead.
 */
export class JobRunner {
  private readonly lastRun = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly leaseMs: number;
  private readonly tickMs: number;

  constructor(
    private readonly jobs: Job[],
    private readonly lease: JobLease,
    private readonly clock: () => number,
    private readonly log: FaultLog,
    options: JobRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
    this.tickMs = options.tickMs ?? Math.max(Math.floor(this.leaseMs / 6), 100);
  }

  /** Names this process in the lease rows (job_leases.holder). */
  get holder(): string {
    return this.lease.holder;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.heartbeat();
      this.running = this.running.then(() => this.runDue());
    }, this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await Promise.allSettled(this.jobs.map((job) => this.lease.release(job.name)));
  }

  /** Renews the leases held; a failure (the database away) only logs: the leases then expire. */
  async heartbeat(): Promise<void> {
    try {
      await this.lease.renewAll(this.leaseMs);
    } catch (error) {
      logFault(this.log, error, {}, 'job lease renewal failed');
    }
  }

  /** Runs every job whose interval has passed and whose lease this process holds; one failure stops no other. */
  async runDue(): Promise<void> {
    for (const job of this.jobs) {
      const now = this.clock();
      const last = this.lastRun.get(job.name);
      if (last !== undefined && now - last < job.everyMs) continue;
      try {
        if (!(await this.lease.acquire(job.name, this.leaseMs))) continue;
        this.lastRun.set(job.name, now);
        await job.run();
      } catch (error) {
        logFault(this.log, error, { job: job.name }, 'job failed');
      }
    }
  }
}
