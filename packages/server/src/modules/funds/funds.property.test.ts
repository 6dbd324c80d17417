import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { FundAccount, Settlement } from '@vendo/contract/api/funds';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { JobLease } from '../../jobs/job-lease';
import { JobRunner } from '../../jobs/job-runner';
import { SandboxPayouts } from '../../integrations/payouts/sandbox-payouts';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import { calmSandbox, customerPays, settle, virtualMachines } from '../orders/order-fixtures';
import { createFunds } from './funds-module';
import { approvedCard, bindTo, relogin, shop } from './funds-fixtures';
import { MoneyModel } from './funds-model';
import { settleDateOf } from './settlement-math';

/** 2026-11-22 + day, at this hour (and minute) in Shanghai. */
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, 22 + day, hour - 8, minute);
const dateOf = (day: number) => settleDateOf(at(day, 12), 'Asia/Shanghai');
const silent = { error: () => undefined, warn: () => undefined };

type Op =
  | { t: 'sale'; machine: 0 | 1 | 2 }
  | { t: 'refund'; pick: number; percent: number; late: boolean }
  | { t: 'split'; share: number }
  | { t: 'toggle' }
  | { t: 'day' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('sale' as const),
      machine: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('refund' as const),
      pick: fc.nat(20),
      percent: fc.integer({ min: 1, max: 100 }),
      late: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('split' as const), share: fc.integer({ min: 1, max: 9999 }) }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('toggle' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('day' as const) }) },
);

const SNS = ['16301', '16302', '16303'] as const;
const OWNER_PHONE = '13900001631';
const PARTNER_PHONE = '13900001632';

/**
 * Drives a merchant (machines on a card that splits with a partner merchant's card, on a card whose first payout
 * fails, and without a card) through a stream of operations, the real calls doing the work and the model
 * (funds-model.ts) computing the same money on its own; `check` compares every figure and record.
 */
class World {
  owner!: Caller;
  partner!: Caller;
  cards = { main: '', fail: '', partner: '' };
  splitId = '';
  model!: MoneyModel;
  day = 0;
  minute = 0;
  splitOn = true;
  share = 3333;
  today: Array<{ no: string; reserved: number }> = [];
  private extra: Array<() => Promise<void>> = [];

  constructor(
    readonly t: TestApp,
    private readonly processes: number,
  ) {}

  async setUp(): Promise<void> {
    const t = this.t;
    calmSandbox(t);
    t.clock.now = at(0, 10);
    this.owner = await mainAccount(t, OWNER_PHONE);
    this.partner = await mainAccount(t, PARTNER_PHONE);
    await shop(t, this.owner, [...SNS]);
    this.cards.main = await approvedCard(t, this.owner, '张三');
    this.cards.fail = await approvedCard(t, this.owner, '王五 failonce', '6222 0202 0011 5566 778');
    this.cards.partner = await approvedCard(t, this.partner, '李四', '6222 0202 0011 9988 776');
    await bindTo(t, this.owner, this.cards.main, ['16301']);
    await bindTo(t, this.owner, this.cards.fail, ['16302']);
    this.splitId = ok<{ bank_split_id: string }>(
      await t.call('/api/v1/k/addSplitAccount', this.config(), this.owner.headers),
    ).bank_split_id;
    await this.setSplit(true);
    this.model = new MoneyModel(new Set(['manual']), ['fail']);
    const restore = virtualMachines(t);
    this.extra.push(async () => restore());
    t.clock.now = at(0, 14);
  }

  async tearDown(): Promise<void> {
    for (const f of this.extra) await f();
  }

  private config() {
    return {
      bank_split_name: 'Shared',
      main_merchant_id: this.cards.main,
      main_split_percent: 10_000 - this.share,
      pay_channel: 'all',
      split_merchant: [{ merchant_id: this.cards.partner, split_percent: this.share }],
    };
  }

  private async setSplit(on: boolean): Promise<void> {
    ok(
      await this.t.call(
        '/api/v1/k/setSplit',
        { sn: '16301', is_bank_split: on ? 1 : 0, bank_split_id: this.splitId },
        this.owner.headers,
      ),
    );
    this.splitOn = on;
  }

  private tickClock(): void {
    this.minute = Math.min(this.minute + 7, 9 * 60 - 1);
    this.t.clock.now = at(this.day, 14, this.minute);
  }

  async run(op: Op): Promise<void> {
    const t = this.t;
    if (op.t === 'day') return this.nextDay();
    this.tickClock();
    if (op.t === 'sale') {
      const order = await customerPays(t, SNS[op.machine], 1);
      await settle(t);
      const main = op.machine === 0 ? 'main' : op.machine === 1 ? 'fail' : 'manual';
      const split = op.machine === 0 && this.splitOn ? { account: 'partner', share: this.share } : undefined;
      this.model.pay(order.order_no, order.amount, this.day, main, split);
      this.today.push({ no: order.order_no, reserved: 0 });
    } else if (op.t === 'refund') {
      const order = this.today[op.pick % Math.max(1, this.today.length)];
      if (!order) return;
      const left = this.model.left(order.no, order.reserved);
      if (left <= 0) return;
      const amount = Math.max(1, Math.floor((left * op.percent) / 100));
      // A late refund is confirmed by the channel tomorrow, after today was settled.
      calmSandbox(t, op.late ? { refundDelayMs: at(this.day + 1, 13, 30) - t.clock.now } : {});
      ok(
        await t.call(
          '/api/v1/b/refund',
          { orderno: order.no, part_refund: true, refund_fee: amount },
          this.owner.headers,
        ),
      );
      calmSandbox(t);
      order.reserved += amount;
      if (op.late) {
        this.late.push({ no: order.no, amount });
      } else {
        await t.services.orders.jobs.tick();
        await settle(t);
        this.model.refund(order.no, amount, this.day);
      }
    } else if (op.t === 'split') {
      this.share = op.share;
      ok(
        await t.call(
          '/api/v1/k/updateSplitAccount',
          { ...this.config(), bank_split_id: this.splitId },
          this.owner.headers,
        ),
      );
    } else {
      await this.setSplit(!this.splitOn);
    }
  }

  private late: Array<{ no: string; amount: number }> = [];

  /** 13:00 tomorrow: the daily run (by every process), then the late refunds arrive, then the figures are checked. */
  async nextDay(): Promise<void> {
    const t = this.t;
    t.clock.now = at(this.day + 1, 13);
    if (this.processes === 1) {
      await t.services.funds.settlement.tick();
    } else {
      const runs = Array.from({ length: this.processes }, () => {
        const funds = createFunds({
          db: t.db.kysely,
          cards: t.services.bankCards.payoutCards,
          accounts: t.services.bankCards.payoutAccounts,
          orders: t.services.orders.repo,
          payouts: new SandboxPayouts(t.db.kysely, t.clock.read),
          clock: t.clock.read,
          timeZone: 'Asia/Shanghai',
          log: silent,
        });
        return new JobRunner(funds.jobs(), new JobLease(t.db.kysely, t.clock.read), t.clock.read, silent);
      });
      await Promise.all(runs.map((r) => r.runDue()));
      await Promise.all([t.services.funds.settlement.tick(), t.services.funds.settlement.tick()]);
    }
    this.model.settle(this.day, ['main', 'fail', 'manual', 'partner']);
    this.day++;
    this.minute = 0;
    this.today = [];
    t.clock.now = at(this.day, 14);
    await t.services.orders.jobs.tick();
    await settle(t);
    for (const r of this.late.splice(0)) this.model.refund(r.no, r.amount, this.day);
    this.owner = await relogin(t, this.owner, OWNER_PHONE);
    this.partner = await relogin(t, this.partner, PARTNER_PHONE);
    await this.check();
  }

  private accountOf(merchantId: string): string {
    if (merchantId === '') return 'manual';
    return merchantId === this.cards.main ? 'main' : merchantId === this.cards.fail ? 'fail' : 'partner';
  }

  /** /b/getFunds and /b/getSettle of both merchants against the model. */
  async check(): Promise<void> {
    const t = this.t;
    const funds: FundAccount[] = [];
    const records: Settlement[] = [];
    for (const who of [this.owner, this.partner]) {
      funds.push(...ok<{ data: FundAccount[] }>(await t.call('/api/v1/b/getFunds', {}, who.headers)).data);
      records.push(
        ...ok<{ data: Settlement[] }>(
          await t.call('/api/v1/b/getSettle', { condition: {}, pageSize: 999 }, who.headers),
        ).data,
      );
    }
    for (const account of ['main', 'fail', 'manual', 'partner']) {
      const row = funds.find((f) => this.accountOf(f.merchant_id) === account);
      const expected = this.model.figures(account);
      if (!row) {
        // The manual-transfer account is listed once money moved on it.
        expect(expected).toEqual({
          not_settle_amt: 0,
          to_settle_amt: 0,
          settling_amt: 0,
          settled_amt: 0,
          balance: 0,
        });
        continue;
      }
      expect({ account, ...row }).toMatchObject({ account, ...expected });
    }
    const status = { success: 1, failed: 2, pending: 3 } as const;
    const actual = records
      .map((r) => [this.accountOf(r.merchant_id), r.settle_date, r.gross_amt, r.settle_amt, r.settle_status])
      .sort();
    const expected = this.model.records
      .map((r) => [r.account, dateOf(r.day), r.gross, r.settleAmt, status[r.state]])
      .sort();
    expect(actual).toEqual(expected);
  }

  /** The ledger's money equals the bill lists' WeChat income less refunds, per day of payment and in all. */
  async checkBills(): Promise<void> {
    const t = this.t;
    const bill = async (start: number, end: number) =>
      ok<{ analysis: { income: number; refund: number } }>(
        await t.call(
          '/api/v1/b/getBuyBill',
          { condition: { client: 'wechat', start_time: start, end_time: Math.min(end, t.clock.now) } },
          this.owner.headers,
        ),
      ).analysis;
    for (let d = 0; d < this.day; d++) {
      const b = await bill(at(d, 0), at(d + 1, 0));
      const paid = this.model.entries
        .filter((e) => e.kind === 'payment' && e.day === d)
        .reduce((s, e) => s + e.amount, 0);
      expect({ day: d, amounts: b.income + b.refund }).toEqual({ day: d, amounts: paid });
    }
    const all = await bill(at(0, 0), t.clock.now);
    expect(all.income).toBe(this.model.entries.reduce((s, e) => s + e.amount, 0));
    const entries = await t.db.kysely
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('seller_id', '=', this.owner.merchantId)
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(all.income);
  }
}

describe.each(dialects())('funds property on %s', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    if (t) {
      await t.services.orders.idle();
      await t.close();
      t = null;
    }
  });

  it('the figures and records always equal an independently computed ledger, and the bills agree', async () => {
    const runs = Number(process.env.FUNDS_PROPERTY_RUNS ?? 3);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 12, maxLength: 24 }), async (ops) => {
        t = await createTestApp(dialect);
        const world = new World(t, 1);
        try {
          await world.setUp();
          for (const op of [...ops, { t: 'day' } as const]) await world.run(op);
          await world.nextDay();
          await world.checkBills();
        } finally {
          await world.tearDown();
          await t.services.orders.idle();
          await t.close();
          t = null;
        }
      }),
      { numRuns: runs, seed: Number(process.env.FUNDS_PROPERTY_SEED ?? 1616), endOnFailure: true },
    );
  }, 120_000);

  it('a month of generated orders, refunds (some after settlement), splits and a failed payout: records equal the model; two processes settle each day once', async () => {
    t = await createTestApp(dialect);
    const world = new World(t, 2);
    await world.setUp();
    // Seeded: the same month every time; two or three operations a day.
    const ops = fc.sample(
      fc.array(
        opArb.filter((o) => o.t !== 'day'),
        { minLength: 2, maxLength: 3 },
      ),
      {
        numRuns: 30,
        seed: 30,
      },
    );
    for (const [day, list] of ops.entries()) {
      // Every day sells on the split machine; the failing card's machine on the first day.
      const fixed: Op[] =
        day === 0
          ? [{ t: 'sale', machine: 1 }]
          : day === 1
            ? [
                { t: 'sale', machine: 0 },
                { t: 'refund', pick: 0, percent: 50, late: true },
              ]
            : [];
      for (const op of [...fixed, { t: 'sale', machine: 0 } as const, ...list]) await world.run(op);
      await world.nextDay();
    }
    await world.checkBills();
    expect(world.model.records.filter((r) => r.account === 'partner').length).toBeGreaterThan(0);
    // Each card record was transferred once, the failed one once more: no day paid twice by the two processes.
    const transfers = await t.services.providers.sandboxes.payouts!.transfers();
    expect(transfers).toHaveLength(world.model.records.filter((r) => r.account !== 'manual').length + 1);
    expect(transfers.filter((x) => x.state === 'failed')).toHaveLength(1);
    await world.tearDown();
  }, 180_000);
});
