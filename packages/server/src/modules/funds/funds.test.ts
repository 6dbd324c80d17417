import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANUAL_ACCOUNT_FILTER, type FundAccount, type Settlement } from '@vendo/contract/api/funds';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { calmSandbox, settle, virtualMachines } from '../orders/order-fixtures';
import { approvedCard, bindTo, entrySums, relogin, sale, shop } from './funds-fixtures';

const HOUR = 3_600_000;
/** The test clock starts 2026-11-22 10:00 in Shanghai (02:00 UTC). */
const at = (day: number, hour: number) => Date.UTC(2026, 10, 22 + day, hour - 8);

describe.each(dialects())('funds and settlement on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let restore: () => void;
  let card: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001601');
    await shop(t, owner, ['16001', '16002']);
    card = await approvedCard(t, owner, '张三');
    await bindTo(t, owner, card, ['16001']);
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, who: Caller = owner) => t.call(path, body, who.headers);
  const funds = async (who: Caller = owner) =>
    ok<{ data: FundAccount[]; count: number; sandbox: boolean }>(await call('/api/v1/b/getFunds', {}, who));
  const records = async (condition: Record<string, unknown> = {}, who: Caller = owner) =>
    ok<{ data: Settlement[]; count: number; sandbox: boolean }>(
      await call('/api/v1/b/getSettle', { condition }, who),
    );
  const runAt = async (ms: number) => {
    t.clock.now = ms;
    await t.services.funds.settlement.tick();
  };

  it('books channel payments on the machine card or the manual-transfer account; channel refunds debit them, offline ones do not', async () => {
    const a = await sale(t, '16001');
    const b = await sale(t, '16002');
    ok(await call('/api/v1/b/refund', { orderno: a, part_refund: true, refund_fee: 100 }));
    await t.services.orders.jobs.tick();
    await settle(t);
    ok(await call('/api/v1/b/offlineRefund', { orderno: b, remarks: 'cash back' }));
    const entries = await entrySums(t, owner.merchantId);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['payment', 300],
      ['payment', 300],
      ['refund', -100],
    ]);
    const list = await funds();
    expect(list.sandbox).toBe(true);
    expect(list.data).toMatchObject([
      {
        merchant_id: card,
        manual_transfer: 0,
        acct_name: '张三',
        balance: 200,
        not_settle_amt: 200,
        dev_count: 1,
      },
      { merchant_id: '', manual_transfer: 1, balance: 300, not_settle_amt: 300, dev_count: 1 },
    ]);
  });

  it('settles yesterday at 13:00: the payout fee, the manual-transfer fee, the records, the figures', async () => {
    for (let i = 0; i < 3; i++) await sale(t, '16001');
    await sale(t, '16002');
    await runAt(at(1, 12)); // before 13:00: nothing yet
    expect((await records()).count).toBe(0);
    await runAt(at(1, 13));
    const { data } = await records();
    const byCard = data.find((r) => r.merchant_id === card)!;
    const manual = data.find((r) => r.merchant_id === '')!;
    expect(byCard).toMatchObject({
      settle_date: '20261122',
      gross_amt: 900,
      income_amt: 900,
      settle_amt: 894,
      poundage: 6,
      transfer_fee: 0,
      order_count: 3,
      settle_status: 1,
      acct_name: '张三',
      acct_no_encry: '6222 **** **** 3445',
      bank_code: '102',
    });
    expect(manual).toMatchObject({ gross_amt: 300, transfer_fee: 100, settle_amt: 200, settle_status: 3 });
    const figures = (await funds()).data;
    expect(figures[0]).toMatchObject({ balance: 0, not_settle_amt: 0, settled_amt: 894 });
    expect(figures[1]).toMatchObject({ balance: 200, to_settle_amt: 200, settled_amt: 0 });
    // Ran again the same day or later: nothing twice.
    await runAt(at(1, 18));
    expect((await records()).count).toBe(2);
    expect(await t.services.providers.sandboxes.payouts!.transfers()).toHaveLength(1);

    // Filters, and the detail with its lines.
    expect((await records({ settle_status: 'success' })).data.map((r) => r.id)).toEqual([byCard.id]);
    expect((await records({ settle_status: 'settling' })).data.map((r) => r.id)).toEqual([manual.id]);
    expect((await records({ settle_status: 'fail' })).count).toBe(0);
    expect((await records({ start_date: '2026-11-23' })).count).toBe(0);
    expect((await records({ start_date: '20261122', end_date: '20261122', merchant_id: card })).count).toBe(
      1,
    );
    expect(
      await call('/api/v1/b/getSettle', { condition: { start_date: '20261123', end_date: '20261122' } }),
    ).toMatchObject({
      rcode: RCODE.SETTLE_RANGE_INVALID,
      msg: 'The start date cannot be after the end date',
    });
    expect((await call('/api/v1/b/getSettle', { condition: { start_date: '2026-1-1' } })).rcode).toBe(
      RCODE.INVALID_PARAM,
    );
    const detail = ok<{
      record: Settlement;
      lines: { data: Array<{ kind: string; amount: number; sn: string }>; count: number };
    }>(await call('/api/v1/b/getSettleDetail', { id: byCard.id, pageSize: 2 }));
    expect(detail.record.id).toBe(byCard.id);
    expect(detail.lines.count).toBe(3);
    expect(detail.lines.data).toHaveLength(2);
    expect(detail.lines.data[0]).toMatchObject({ kind: 'payment', amount: 300, sn: '16001' });
    expect((await call('/api/v1/b/getSettleDetail', { id: 999999 })).rcode).toBe(RCODE.SETTLEMENT_NOT_FOUND);
    expect((await call('/api/v1/b/getSettleDetail', { id: 'x' })).rcode).toBe(RCODE.INVALID_PARAM);

    // Another merchant sees none of it; staff need 1036; "only own" staff see only their cards' accounts.
    const other = await mainAccount(t, '13900001602');
    expect((await call('/api/v1/b/getSettleDetail', { id: byCard.id }, other)).rcode).toBe(
      RCODE.SETTLEMENT_NOT_FOUND,
    );
    expect((await records({}, other)).count).toBe(0);
    expect((await funds(other)).count).toBe(0);
    const clerk = await staffAccount(t, owner, { account: 'clerk', perms: [PERMISSIONS.BuyBill] });
    expect((await call('/api/v1/b/getFunds', {}, clerk)).rcode).toBe(RCODE.FORBIDDEN);
    const payer = await staffAccount(t, owner, { account: 'payer', perms: [PERMISSIONS.Settle] });
    expect((await funds(payer)).count).toBe(2);
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', payer.userId).execute();
    expect((await funds(payer)).count).toBe(0);
    expect((await records({}, payer)).count).toBe(0);
    expect((await call('/api/v1/b/getSettleDetail', { id: byCard.id }, payer)).rcode).toBe(
      RCODE.SETTLEMENT_NOT_FOUND,
    );
  });

  it("lists the manual-transfer account's records by its filter name; '' lists every account", async () => {
    await sale(t, '16001');
    await sale(t, '16002');
    await runAt(at(1, 13));
    const all = await records();
    expect(all.count).toBe(2);
    const manual = all.data.find((r) => r.merchant_id === '')!;
    const byCard = all.data.find((r) => r.merchant_id === card)!;
    const onlyManual = await records({ merchant_id: MANUAL_ACCOUNT_FILTER });
    expect(onlyManual.data.map((r) => r.id)).toEqual([manual.id]);
    expect(onlyManual.count).toBe(1);
    expect((await records({ merchant_id: card })).data.map((r) => r.id)).toEqual([byCard.id]);
    expect((await records({ merchant_id: '' })).count).toBe(2);
    // With the other conditions: the manual transfer waits for the platform (settling), so none succeeded.
    expect((await records({ merchant_id: 'manual', settle_status: 'settling' })).count).toBe(1);
    expect((await records({ merchant_id: 'manual', settle_status: 'success' })).count).toBe(0);
    expect((await records({ merchant_id: 'manual', start_date: '20261123' })).count).toBe(0);
    expect((await call('/api/v1/b/getSettle', { condition: { merchant_id: 'manuals' } })).rcode).toBe(
      RCODE.INVALID_PARAM,
    );

    // Another merchant's manual-transfer account is its own: the filter never reaches across.
    const other = await mainAccount(t, '13900001603');
    expect((await records({ merchant_id: 'manual' }, other)).count).toBe(0);
    // Staff holding 1036 see it; "only own" staff never see the manual-transfer account.
    const payer = await staffAccount(t, owner, { account: 'payer', perms: [PERMISSIONS.Settle] });
    expect((await records({ merchant_id: 'manual' }, payer)).data.map((r) => r.id)).toEqual([manual.id]);
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', payer.userId).execute();
    expect((await records({ merchant_id: 'manual' }, payer)).count).toBe(0);
  });

  it('carries a refund confirmed after its day was settled into the next payout', async () => {
    calmSandbox(t, { refundDelayMs: 16 * HOUR });
    const a = await sale(t, '16001');
    t.clock.now = at(0, 23);
    ok(await call('/api/v1/b/refund', { orderno: a }));
    await runAt(at(1, 13));
    expect((await records()).data[0]).toMatchObject({
      settle_date: '20261122',
      gross_amt: 300,
      settle_amt: 298,
    });
    t.clock.now = at(1, 16);
    await t.services.orders.jobs.tick();
    await settle(t);
    await runAt(at(2, 13));
    // The day's net is −300: no record, the debt waits.
    expect((await records()).count).toBe(1);
    expect((await funds()).data[0]).toMatchObject({ not_settle_amt: -300, balance: -300, settled_amt: 298 });
    t.clock.now = at(2, 15);
    for (let i = 0; i < 4; i++) await sale(t, '16001');
    await runAt(at(3, 13));
    owner = await relogin(t, owner, '13900001601');
    const latest = (await records()).data[0]!;
    expect(latest).toMatchObject({
      settle_date: '20261124',
      income_amt: 1200,
      refund_amt: 300,
      carried_amt: -300,
      gross_amt: 900,
      settle_amt: 894,
      poundage: 6,
    });
    expect((await funds()).data[0]).toMatchObject({ balance: 0, settled_amt: 298 + 894 });
  });
});
