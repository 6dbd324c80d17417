import { SimMachine, type MachineCredentials, type SimMachineOptions } from './machine';

export type FleetOptions = Omit<SimMachineOptions, keyof MachineCredentials>;

/** Many simulated machines against one broker: started a batch at a time so the broker is not flooded. */
export class Fleet {
  readonly machines: SimMachine[];
  private churnTimer: NodeJS.Timeout | null = null;

  constructor(credentials: MachineCredentials[], options: FleetOptions) {
    this.machines = credentials.map((c) => new SimMachine({ ...options, ...c }));
  }

  /** Connects every machine; answers those that could not connect (wrong secret, unknown sn...). */
  async start(batchSize = 200): Promise<Array<{ sn: string; error: string }>> {
    const failed: Array<{ sn: string; error: string }> = [];
    for (let i = 0; i < this.machines.length; i += batchSize) {
      const batch = this.machines.slice(i, i + batchSize);
      const results = await Promise.allSettled(batch.map((m) => m.start()));
      results.forEach((r, j) => {
        if (r.status === 'rejected')
          failed.push({ sn: batch[j]!.sn, error: String((r.reason as Error).message) });
      });
    }
    return failed;
  }

  /**
   * Now and then a machine loses its network and comes back: on average `perMinute` of the fleet each minute,
   * away for `offlineMs`.
   */
  churn(perMinute: number, offlineMs: number, random: () => number = Math.random): void {
    if (perMinute <= 0 || this.machines.length === 0) return;
    const everyMs = Math.max(50, 60_000 / perMinute);
    this.churnTimer = setInterval(() => {
      const machine = this.machines[Math.floor(random() * this.machines.length)];
      if (machine?.connected) void machine.goOfflineFor(offlineMs).catch(() => undefined);
    }, everyMs);
    this.churnTimer.unref();
  }

  connectedCount(): number {
    return this.machines.filter((m) => m.connected).length;
  }

  async stop(graceful = true): Promise<void> {
    if (this.churnTimer) clearInterval(this.churnTimer);
    await Promise.allSettled(this.machines.map((m) => m.stop({ graceful })));
  }
}
