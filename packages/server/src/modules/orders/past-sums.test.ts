import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { mainAccount, type Caller } from '../catalog/catalog-testing';
import { rawOrder } from './order-fixtures';
import { OrderStats, type StatGroup } from './order-stats';
import { PastSums } from './past-sums';

const HOUR = 3_600_000;

/**
 * The past part's sums kept in memory (decision 064): answered again from memory while no order in the range
 * changed, summed again after any change in it — whoever wrote it, folded or not — and never kept when a change
 * came while they were summed. SQLite only (the cache is not used on PostgreSQL).
 */
describe('PastSums on sqlite', () => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    owner = await mainAccount(t, '13900007101');
    other = await mainAccount(t, '13900007102');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A paid order written straight into the table: the triggers note it as the product's writes are noted. */
  const sale = (merchantId: number, paidAt: number) =>
    rawOrder(t, merchantId, `PS${++n}`, {
      store_id: null,
      area_id: null,
      client: 'coin',
      status: 3,
      amount: 300,
      refund_fee: 0,
      cost_price: 100,
      created_at: paidAt,
      paid_at: paidAt,
    });

  /** A cache and a counted computation of one range: how many times it was summed. */
  const counted = (sums: PastSums, from: number, to: number) => {
    let computed = 0;
    const ask = (during?: () => Promise<unknown>) =>
      sums.sums('k', owner.merchantId, from, to, async (): Promise<StatGroup[]> => {
        computed++;
        await during?.();
        return [{ client: 'coin', status: 3, n: computed, amount: 0, refund_fee: 0, cost_price: 0 }];
      });
    return { ask, times: () => computed };
  };

  it('answers from memory until an order of the merchant in the range changes', async () => {
    const from = t.clock.now - 10 * HOUR;
    const to = t.clock.now - 5 * HOUR;
    const range = counted(new PastSums(t.db.kysely), from, to);
    await range.ask();
    await range.ask();
    expect(range.times()).toBe(1);
    // Outside the range, or another merchant's: still the kept sums.
    await sale(owner.merchantId, to + HOUR);
    await sale(owner.merchantId, from - 2 * HOUR);
    await sale(other.merchantId, from + HOUR);
    await range.ask();
    expect(range.times()).toBe(1);
    // A change of an order in it (a late refund).
    const id = await sale(owner.merchantId, from + 2 * HOUR);
    await range.ask();
    expect(range.times()).toBe(2);
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 8, refund_fee: 300 })
      .where('id', '=', id)
      .execute();
    await range.ask();
    await range.ask();
    expect(range.times()).toBe(3);
  });

  it('drops what it kept when the jobs folded a change before it looked', async () => {
    const from = t.clock.now - 30 * HOUR;
    const to = t.clock.now - 20 * HOUR;
    const range = counted(new PastSums(t.db.kysely), from, to);
    await range.ask();
    await sale(other.merchantId, from + HOUR);
    await new OrderStats(t.db.kysely).compact();
    // The delta is gone: which merchant and hour it was is unknown, so nothing kept is trusted.
    await range.ask();
    expect(range.times()).toBe(2);
  });

  it('keeps what it kept through a fold that let it look at the deltas first, and drops what they touch', async () => {
    const from = t.clock.now - 70 * HOUR;
    const to = t.clock.now - 60 * HOUR;
    const sums = new PastSums(t.db.kysely);
    const range = counted(sums, from, to);
    const jobs = new OrderStats(t.db.kysely, { beforeFold: (trx) => sums.catchUp(trx) });
    await range.ask();
    await sale(other.merchantId, from + HOUR);
    expect(await jobs.compact()).toBeGreaterThan(0);
    await range.ask();
    expect(range.times()).toBe(1);
    await sale(owner.merchantId, from + HOUR);
    expect(await jobs.compact()).toBeGreaterThan(0);
    await range.ask();
    expect(range.times()).toBe(2);
  });

  it('does not keep sums during which an order changed, even when another call saw the change first', async () => {
    const from = t.clock.now - 50 * HOUR;
    const to = t.clock.now - 40 * HOUR;
    const sums = new PastSums(t.db.kysely);
    const range = counted(sums, from, to);
    // While this range is summed, an order in it changes and a call for another range looks at the deltas.
    await range.ask(async () => {
      await sale(owner.merchantId, from + HOUR);
      await sums.sums('other', owner.merchantId, to, to + HOUR, async () => []);
    });
    await range.ask();
    await range.ask();
    expect(range.times()).toBe(2);
  });
});
