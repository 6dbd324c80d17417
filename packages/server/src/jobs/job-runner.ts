import type { GatewayLog } from '../gateway/machine-ports';
import type { JobLease } from './job-lease';

/** A piece of background work and how often it runs. */
export interface Job {
  /** Also the lease's name: one process of the deployment runs it. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs jobs on a timer in `vendo serve`, each under its lease. Tests do not start the timer; they call runDue()
 * with a hand-moved clock instead.
 */
export class JobRunner {
  private readonly lastRun = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly jobs: Job[],
    private readonly lease: JobLease,
    private readonly clock: () => number,
    private readonly log: Pick<GatewayLog, 'error'>,
    private readonly tickMs = 5_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
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

  /** Runs every job whose interval has passed and whose lease this process holds; one failure stops no other. */
  async runDue(): Promise<void> {
    for (const job of this.jobs) {
      const now = this.clock();
      const last = this.lastRun.get(job.name);
      if (last !== undefined && now - last < job.everyMs) continue;
      try {
        // The lease outlives a few intervals, so the holder keeps it from run to run.
        if (!(await this.lease.acquire(job.name, Math.max(job.everyMs * 3, 30_000)))) continue;
        this.lastRun.set(job.name, now);
        await job.run();
      } catch (error) {
        this.log.error({ err: error, job: job.name }, 'job failed');
      }
    }
  }
}
