import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillList } from '@vendo/contract/api/orders';
import { startOfPeriod } from '@vendo/contract/constants';
import type { SalesSeries } from '@vendo/contract/api/analytics';
import { ensureDemoMachines } from './demo-machines';
import { RawFacts } from '../modules/analytics/raw-facts';
import { RollupFacts } from '../modules/analytics/rollup-facts';
import type { FactFilter, OrderGrouping } from '../modules/analytics/sales-facts';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { demoSession, ensureDemoCatalog, placeDemoMachines, type DemoCall } from './demo-catalog';
import { DEMO, ensureDemoMerchant } from './demo-merchant';
import { seedDemoHistory } from './demo-orders';

const HOUR = 3_600_000;
const SH = 'Asia/Shanghai';
/** Sunday 2026-11-22 04:20 in Shanghai: before the old history's first sale hour (08:00) of the day. */
const EARLY = Date.UTC(2026, 10, 21, 20, 20);

/** The same draws on every run (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(dialects())('the demo history on %s', (dialect) => {
  let t: TestApp;
  let call: DemoCall;
  let merchantId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.now = EARLY;
    await ensureDemoMerchant(t.db, t.services);
    await ensureDemoCatalog(t.app, t.db.kysely);
    const machines = await ensureDemoMachines(t.db.kysely, t.services.devices, DEMO.phone, t.clock.now);
    await placeDemoMachines(
      t.app,
      t.db.kysely,
      machines.map((m) => m.sn),
    );
    call = await demoSession(t.app);
    const owner = await t.db.kysely
      .selectFrom('users')
      .select('merchant_id')
      .where('username', '=', DEMO.phone)
      .executeTakeFirstOrThrow();
    merchantId = owner.merchant_id;
  });
  afterEach(async () => {
    await t.close();
  });

  const seed = (now: number, random = seeded(12)) =>
    seedDemoHistory(
      { app: t.app, db: t.db, services: t.services, config: t.config, log: t.app.log },
      random,
      {
        now,
        days: 2,
      },
    );
  const orderTimes = async () =>
    (
      await t.db.kysely
        .selectFrom('orders')
        .select('created_at')
        .where('merchant_id', '=', merchantId)
        .orderBy('created_at')
        .execute()
    ).map((o) => Number(o.created_at));
  const todayByHour = async () => {
    const series = await call<SalesSeries>('/api/v1/a/detail', { condition: {} });
    expect(series.bucket).toBe('hour');
    return series.records.map((r) => r.count);
  };

  it('seeds through the present hour of the merchant, so this morning already has figures', async () => {
    const made = await seed(EARLY);
    expect(made).toBeGreaterThan(50);
    const times = await orderTimes();
    expect(times).toHaveLength(made);
    expect(times.at(-1)).toBeLessThan(EARLY);
    expect(times[0]).toBeGreaterThanOrEqual(startOfPeriod('day', EARLY - 2 * 86_400_000, SH));

    // Today (from 00:00 in Shanghai) up to 04:20: the night's sales, and one in the present hour.
    const hours = await todayByHour();
    expect(hours.slice(0, 5).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(hours[4]).toBeGreaterThan(0);
    expect(hours.slice(5).every((n) => n === 0)).toBe(true);
    const overview = await call<{ today: { successCount: number; income: number } }>(
      '/api/v1/a/overview',
      {},
    );
    expect(overview.today.successCount).toBeGreaterThan(0);
    expect(overview.today.income).toBeGreaterThan(0);

    // Made through the services, the rollups and the bills' daily totals say what the orders say.
    const filter: FactFilter = {
      merchantId,
      storeIds: null,
      start: startOfPeriod('day', times[0]!, SH),
      end: startOfPeriod('day', EARLY, SH) + 5 * HOUR,
    };
    const rollups = new RollupFacts(t.db.kysely, t.config.timeZone);
    const raw = new RawFacts(t.db.kysely);
    const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
    for (const grouping of ['none', 'hour', 'day', 'store', 'sn'] satisfies OrderGrouping[]) {
      expect(sorted(await rollups.orders(filter, grouping)), grouping).toEqual(
        sorted(await raw.orders(filter, grouping)),
      );
    }
    const range = { start_time: filter.start, end_time: startOfPeriod('day', EARLY, SH) + 24 * HOUR };
    const byTotals = await call<BillList>('/api/v1/b/getBuyBill', { condition: range });
    // A price condition the totals do not know makes the list sum the orders themselves.
    const byOrders = await call<BillList>('/api/v1/b/getBuyBill', {
      condition: { ...range, price_start: 1 },
    });
    expect(byTotals.count).toBe(made);
    expect(byTotals.analysis).toEqual(byOrders.analysis);
  });

  it('seeds once: a restart finds the history done and adds nothing', async () => {
    const made = await seed(EARLY);
    const before = await orderTimes();
    t.clock.advance(HOUR);
    expect(await seed(EARLY + HOUR)).toBe(0);
    expect(await orderTimes()).toEqual(before);
    expect(before).toHaveLength(made);
  });

  it('goes on after the last order when a start stopped before it was done, making no sale twice', async () => {
    await seed(EARLY);
    const before = await orderTimes();
    const last = before.at(-1)!;
    // What a start stopped after its last sale leaves: the orders, and no mark that the history is done.
    await t.db.kysely.deleteFrom('settings').where('key', '=', 'demo_history').execute();
    t.clock.advance(2 * HOUR);
    const more = await seed(EARLY + 2 * HOUR, seeded(99));
    const after = await orderTimes();
    expect(after.filter((at) => at <= last)).toEqual(before);
    expect(after).toHaveLength(before.length + more);
    expect(after.at(-1)).toBeLessThan(EARLY + 2 * HOUR);
    // 06:20 now: the present hour (06:00) holds a sale too.
    expect((await todayByHour())[6]).toBeGreaterThan(0);
    expect(await seed(EARLY + 2 * HOUR)).toBe(0);
  });
});
