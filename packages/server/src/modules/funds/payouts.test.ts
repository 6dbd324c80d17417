import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { JobLease } from '../../jobs/job-lease';
import { JobRunner } from '../../jobs/job-runner';
import { SandboxPayouts } from '../../integrations/payouts/sandbox-payouts';
import { mainAccount, type Caller } from '../catalog/catalog-testing';
import { calmSandbox, virtualMachines } from '../orders/order-fixtures';
import { runSettle } from '../../cli/settle';
import { createFunds } from './funds-module';
import { approvedCard, bindTo, sale, shop } from './funds-fixtures';

/** 2026-11-22 + day, at this hour in Shanghai. */
const at = (day: number, hour: number) => Date.UTC(2026, 10, 22 + day, hour - 8);
const silent = { error: () => undefined, warn: () => undefined };

/**
 * Payouts (docs/funds.md): failures stay visible and go again on the next daily run, slow transfers confirm on a
 * later question, a process killed around the transfer never pays twice, two processes settle a day once.
 */
describe.each(dialects())('payouts on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let restore: () => void;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001611');
    await shop(t, owner, ['16101']);
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const bank = () => t.services.providers.sandboxes.payouts!;
  const records = () => t.db.kysely.selectFrom('settlements').selectAll().orderBy('id').execute();
  const runAt = async (ms: number) => {
    t.clock.now = ms;
    await t.services.funds.settlement.tick();
  };
  async function cardWith(holder: string): Promise<void> {
    const card = await approvedCard(t, owner, holder);
    await bindTo(t, owner, card, ['16101']);
  }

  it('a failed payout stays failed and visible, and goes again at the next daily run', async () => {
    await cardWith('李四 failonce');
    await sale(t, '16101');
    await runAt(at(1, 13));
    expect(await records()).toMatchObject([
      { state: 'failed', fail_reason: 'BANK_BUSY', attempt: 1, settle_amt: 298 },
    ]);
    const figures = await t.services.funds.repo.figures(owner.merchantId);
    expect([...figures.values()][0]).toMatchObject({ toSettle: 298, settled: 0 });
    await runAt(at(1, 20)); // the same day: not again
    expect(await bank().transfers()).toHaveLength(1);
    await runAt(at(2, 13));
    expect(await records()).toMatchObject([{ state: 'success', attempt: 2, fail_reason: '' }]);
    const transfers = await bank().transfers();
    expect(transfers.map((x) => [x.state, Number(x.amount)])).toEqual([
      ['failed', 298],
      ['success', 298],
    ]);
    // The ledger: payout, its reversal, the payout again; the account is empty and 298 settled.
    const kinds = await t.db.kysely
      .selectFrom('ledger_entries')
      .select(['kind', 'amount'])
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => [k.kind, Number(k.amount)])).toEqual([
      ['payment', 300],
      ['payout_fee', -2],
      ['payout', -298],
      ['payout_reversal', 298],
      ['payout', -298],
    ]);
    // The audit log: each day's run, the failure and the success, by the platform.
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['kind', 'action', 'actor_kind'])
      .where('kind', '=', 'settlement')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => `${a.actor_kind}:${a.action}`)).toEqual([
      'platform:run',
      'platform:failed',
      'platform:run',
      'platform:paid',
    ]);
  });

  it('a frozen account fails every day, once a day; a slow bank confirms on a later question', async () => {
    await cardWith('王五 frozen');
    await sale(t, '16101');
    await runAt(at(1, 13));
    await runAt(at(2, 13));
    expect(await records()).toMatchObject([{ state: 'failed', fail_reason: 'ACCOUNT_FROZEN', attempt: 2 }]);
    expect(await bank().transfers()).toHaveLength(2);

    await t.close();
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001611');
    await shop(t, owner, ['16101']);
    restore();
    restore = virtualMachines(t);
    await cardWith('赵六 slow');
    await sale(t, '16101');
    await runAt(at(1, 13));
    expect(await records()).toMatchObject([{ state: 'settling' }]);
    expect([...(await t.services.funds.repo.figures(owner.merchantId)).values()][0]).toMatchObject({
      settling: 298,
    });
    await runAt(at(1, 14));
    expect(await records()).toMatchObject([{ state: 'success' }]);
    expect(await bank().transfers()).toHaveLength(1);
  });

  it('killed after the transfer and before the update: the restart asks the bank and pays nothing twice', async () => {
    await cardWith('张三');
    await sale(t, '16101');
    const settlement = t.services.funds.settlement;
    settlement.hooks.afterTransfer = () => {
      throw new Error('killed');
    };
    await runAt(at(1, 13));
    expect(await records()).toMatchObject([{ state: 'sending', attempt: 1 }]);
    expect(await bank().transfers()).toHaveLength(1);
    settlement.hooks = {};
    await runAt(at(1, 13) + 60_000);
    expect(await records()).toMatchObject([{ state: 'success', attempt: 1 }]);
    expect(await bank().transfers()).toHaveLength(1);
  });

  it('killed after storing the key and before the transfer: the restart finds nothing at the bank and sends it once', async () => {
    await cardWith('张三');
    await sale(t, '16101');
    const settlement = t.services.funds.settlement;
    settlement.hooks.beforeTransfer = () => {
      throw new Error('killed');
    };
    await runAt(at(1, 13));
    expect(await records()).toMatchObject([{ state: 'sending' }]);
    expect(await bank().transfers()).toHaveLength(0);
    settlement.hooks = {};
    await runAt(at(1, 13) + 60_000);
    await runAt(at(1, 13) + 120_000);
    expect(await records()).toMatchObject([{ state: 'success', attempt: 1 }]);
    expect(await bank().transfers()).toHaveLength(1);
  });

  it('two processes running the job settle and pay each day once', async () => {
    await cardWith('张三');
    for (let day = 0; day < 3; day++) {
      t.clock.now = at(day, 10);
      await sale(t, '16101');
      await sale(t, '16101');
    }
    const processes = [0, 1].map(() => {
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
      return {
        funds,
        runner: new JobRunner(funds.jobs(), new JobLease(t.db.kysely, t.clock.read), t.clock.read, silent),
      };
    });
    for (let day = 1; day <= 3; day++) {
      t.clock.now = at(day, 13) + day * 200_000;
      await Promise.all(processes.map((p) => p.runner.runDue()));
      // Without the lease too: both settle the same day at the same moment.
      await Promise.all(processes.map((p) => p.funds.settlement.tick()));
    }
    const rows = await records();
    expect(rows.map((r) => [r.settle_date, r.state, Number(r.settle_amt)])).toEqual([
      ['20261122', 'success', 596],
      ['20261123', 'success', 596],
      ['20261124', 'success', 596],
    ]);
    expect(await bank().transfers()).toHaveLength(3);
  });
  it('vendo settle runs a day by hand, once; refuses a day not over; records a manual transfer paid', async () => {
    await cardWith('张三');
    await sale(t, '16101');
    await t.db.kysely
      .updateTable('devices')
      .set({ payout_merchant_id: null })
      .where('sn', '=', '16101')
      .execute();
    await sale(t, '16101');
    const lines: string[] = [];
    const settle = (args: string[]) =>
      runSettle(
        t.db,
        t.config,
        args,
        (line) => lines.push(line),
        () => at(1, 9),
      );
    expect(await settle(['--date', '20261123'])).toBe(1);
    expect(lines.join('\n')).toContain('has not ended');
    expect(await records()).toHaveLength(0);
    expect(await settle(['--date', '2026-11-22', '--merchant', String(owner.merchantId)])).toBe(0);
    expect(lines.join('\n')).toContain('SANDBOX');
    expect(lines.join('\n')).toContain('settled, 2 settlement(s)');
    expect(await settle(['--date', '20261122'])).toBe(0);
    expect(lines.at(-3)).toContain('was settled before');
    const rows = await records();
    expect(rows.map((r) => [r.manual_transfer, r.state, Number(r.settle_amt)])).toEqual([
      [0, 'success', 298],
      [1, 'pending', 200],
    ]);
    expect(await bank().transfers()).toHaveLength(1);
    expect(await settle(['--date', '20261399'])).toBe(2);
    expect(await settle(['--paid', String(rows[0]!.id)])).toBe(2);
    expect(await settle(['--paid', String(rows[1]!.id)])).toBe(0);
    expect((await records())[1]).toMatchObject({ state: 'success' });
    expect(await settle(['--paid', String(rows[1]!.id)])).toBe(2);
  });
});
