import { describe, expect, it } from 'vitest';
import { runKillScenario, type Backend } from './kill-scenario';

/*
 * Issue 19, faults: the compiled `vendo serve` killed with SIGKILL at seeded random moments of a stream of machine
 * sales (10 % sent twice) and customer payments (notifications, 10 % twice), started again, the stream resumed:
 * no order lost or doubled; stock, rollups, bill totals and ledger as the raw rows say (kill-scenario.ts,
 * raw-row-checks.ts). Short here: one seed with three kills on SQLite with the embedded broker; one with two on
 * PostgreSQL with the external broker when DATABASE_URL and MQTT_TEST_URL are set, as CI sets them.
 * `npm run bench:faults` runs many seeds by hand.
 */

const runs: Array<{ backend: Backend; seed: number; kills: number }> = [
  { backend: 'sqlite', seed: 1, kills: 3 },
  ...(process.env['DATABASE_URL'] && process.env['MQTT_TEST_URL']
    ? [{ backend: 'postgres' as const, seed: 2, kills: 2 }]
    : []),
];

describe('vendo serve killed with SIGKILL mid-stream', () => {
  it.each(runs)(
    'loses and doubles nothing, on $backend, seed $seed',
    async ({ backend, seed, kills }) => {
      const report = await runKillScenario({ seed, backend, steps: 40, kills });
      expect(report.discrepancies).toEqual([]);
      expect(report.kills).toBe(kills);
      // The stream really ran on both sides of each kill: sales at the machine and customers' payments.
      expect(report.cashSales).toBeGreaterThan(15);
      expect(report.rows['paidCustomerOrders']).toBeGreaterThan(2);
      expect(report.rows['machineOrders']).toBe(report.cashSales);
    },
    90_000,
  );
});
