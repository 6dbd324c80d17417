import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FundAccount, Settlement } from '@vendo/contract/api/funds';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { demoSession, ensureDemoCatalog, placeDemoMachines, type DemoCall } from './demo-catalog';
import { ensureDemoPayoutCard } from './demo-funds';
import { ensureDemoMachines } from './demo-machines';
import { DEMO, ensureDemoMerchant } from './demo-merchant';
import { seedDemoHistory } from './demo-orders';

/** Sunday 2026-11-22 04:20 in Shanghai. */
const EARLY = Date.UTC(2026, 10, 21, 20, 20);

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(dialects())('the demo funds on %s', (dialect) => {
  let t: TestApp;
  let call: DemoCall;
  let machines: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.now = EARLY;
    await ensureDemoMerchant(t.db, t.services);
    await ensureDemoCatalog(t.app, t.db.kysely);
    const made = await ensureDemoMachines(t.db.kysely, t.services.devices, DEMO.phone, t.clock.now);
    machines = made.length;
    await placeDemoMachines(
      t.app,
      t.db.kysely,
      made.map((m) => m.sn),
    );
    call = await demoSession(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  it('has an approved payout card with the machines bound, and the history settled day by day', async () => {
    expect(await ensureDemoPayoutCard(t.app, t.db.kysely, t.services)).toEqual(expect.any(Number));
    expect(await ensureDemoPayoutCard(t.app, t.db.kysely, t.services)).toBeNull();
    await seedDemoHistory(
      { app: t.app, db: t.db, services: t.services, config: t.config, log: t.app.log },
      seeded(16),
      { now: EARLY, days: 3 },
    );
    const funds = await call<{ data: FundAccount[]; sandbox: boolean }>('/api/v1/b/getFunds', {});
    expect(funds.sandbox).toBe(true);
    expect(funds.data).toHaveLength(1);
    expect(funds.data[0]).toMatchObject({ manual_transfer: 0, acct_name: '示例商户', dev_count: machines });

    // The 19th and the 20th were settled at 13:00 the next day and paid; the 21st waits for today's 13:00.
    const records = async () =>
      (await call<{ data: Settlement[] }>('/api/v1/b/getSettle', { condition: {} })).data;
    const history = await records();
    expect(history.map((r) => [r.settle_date, r.settle_status])).toEqual([
      ['20261120', 1],
      ['20261119', 1],
    ]);
    for (const r of history) {
      expect(r.income_amt).toBeGreaterThan(0);
      expect(r.settle_amt).toBe(Math.floor((r.gross_amt * 994) / 1000));
      expect(r.poundage).toBe(r.gross_amt - r.settle_amt);
    }
    // Every figure is the ledger's: what was paid out plus what is held equals the entries of sales and refunds.
    const entries = await t.db.kysely
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('kind', 'in', ['payment', 'refund'])
      .executeTakeFirstOrThrow();
    const fees = history.reduce((s, r) => s + r.poundage, 0);
    const figures = funds.data[0]!;
    expect(figures.settled_amt + figures.balance + fees).toBe(Number(entries.n));
    // The day's income in the record is the day's online takings (WeChat and Alipay customers).
    const online = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('source', '=', 'customer')
      .where('client', 'in', ['wechat', 'alipay'])
      .where('paid_at', '>=', Date.UTC(2026, 10, 18, 16))
      .where('paid_at', '<', Date.UTC(2026, 10, 19, 16))
      .executeTakeFirstOrThrow();
    expect(history.find((r) => r.settle_date === '20261119')!.income_amt).toBe(Number(online.n));

    // The live job takes over: at 13:00 the 21st is settled.
    t.clock.now = EARLY + 9 * 3_600_000;
    await t.services.funds.settlement.tick();
    call = await demoSession(t.app);
    expect((await records()).map((r) => r.settle_date)).toEqual(['20261121', '20261120', '20261119']);
  });
});
