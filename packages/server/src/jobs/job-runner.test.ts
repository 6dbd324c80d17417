import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { JobLease } from './job-lease';
import { JobRunner, type Job } from './job-runner';

/*
 * Two processes' runners on one database (decision 043): a job runs in one of them; the heartbeat keeps its lease
 * however long the job's interval is; a holder that dies gives it up after the lease, one that stops at once.
 */
describe.each(dialects())('job runner and leases (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const silent = { error: () => undefined, warn: () => undefined };
  function processWith(runs: string[], name: string) {
    const job: Job = { name, everyMs: 60_000, run: async () => void runs.push(lease.holder) };
    const lease = new JobLease(t.db.kysely, t.clock.read);
    return { lease, runner: new JobRunner([job], lease, t.clock.read, silent, { leaseMs: 10_000 }) };
  }

  it('keeps a job on its process by the heartbeat, and hands it over when the process dies', async () => {
    const runs: string[] = [];
    const a = processWith(runs, 'job-a');
    const b = processWith(runs, 'job-a');
    expect(a.lease.holder).toMatch(new RegExp(`^proc-${process.pid}-[0-9a-f]{12}$`));
    await a.runner.runDue();
    await b.runner.runDue();
    expect(runs).toEqual([a.lease.holder]);

    // Minutes pass in heartbeats, longer than the lease and the interval: A's lease never lapses, so B never runs
    // the job; A runs it again when due.
    for (let i = 0; i < 12 * 3; i++) {
      t.clock.advance(5_000);
      await a.runner.heartbeat();
      await b.runner.runDue();
    }
    await a.runner.runDue();
    expect(runs).toEqual([a.lease.holder, a.lease.holder]);

    // A dies (no more heartbeats): B takes the job once the lease has run out, not before.
    t.clock.advance(9_999);
    await b.runner.runDue();
    expect(runs).toHaveLength(2);
    t.clock.advance(1);
    await b.runner.runDue();
    expect(runs).toEqual([a.lease.holder, a.lease.holder, b.lease.holder]);
    // A comes back (a paused process): it cannot take the job back while B renews.
    t.clock.advance(5_000);
    await b.runner.heartbeat();
    t.clock.advance(5_000);
    await a.runner.runDue();
    expect(runs).toHaveLength(3);
  });

  it('renews only its own leases, and a stopped process hands its jobs over at once', async () => {
    const runs: string[] = [];
    const a = processWith(runs, 'job-b');
    const b = processWith(runs, 'job-b');
    await a.runner.runDue();
    expect(await b.lease.renewAll(10_000)).toBe(0);
    expect(await a.lease.renewAll(10_000)).toBe(1);
    await a.runner.stop();
    // Released: not renewed by a heartbeat that was already on its way.
    expect(await a.lease.renewAll(10_000)).toBe(0);
    await b.runner.runDue();
    expect(runs).toEqual([a.lease.holder, b.lease.holder]);
  });
});
