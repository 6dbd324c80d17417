import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FundAccount, Settlement } from '@vendo/contract/api/funds';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import type { ProfitShare } from '@vendo/contract/api/funds';
import { RCODE } from '@vendo/contract/rcodes';
import { calmSandbox, customerPays, orderRow, settle, virtualMachines } from '../orders/order-fixtures';
import { approvedCard, bindTo, relogin, sale, shop } from './funds-fixtures';

/** 2026-11-22 + day, at this hour in Shanghai (the test clock starts at day 0, 10:00). */
const at = (day: number, hour: number) => Date.UTC(2026, 10, 22 + day, hour - 8);

/**
 * Fee splitting in the ledger (docs/funds.md "Fee splitting"): a split machine's payment credits the main card and
 * the split accounts (other merchants' cards, whose money is theirs: their funds, their settlements), refunds
 * debit them in the payment's proportions, a change of split applies from the next order only.
 */
describe.each(dialects())('split payments in the ledger on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let partner: Caller;
  let restore: () => void;
  let main: string;
  let partnerCard: string;
  let splitId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001621');
    partner = await mainAccount(t, '13900001622');
    await shop(t, owner, ['16201', '16202']);
    main = await approvedCard(t, owner, '张三');
    partnerCard = await approvedCard(t, partner, '李四', '6222 0202 0011 9988 776');
    await bindTo(t, owner, main, ['16201', '16202']);
    splitId = ok<{ bank_split_id: string }>(
      await t.call('/api/v1/k/addSplitAccount', config(7000, 3000), owner.headers),
    ).bank_split_id;
    ok(
      await t.call(
        '/api/v1/k/setSplit',
        { sn: '16201', is_bank_split: 1, bank_split_id: splitId },
        owner.headers,
      ),
    );
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  function config(mainPercent: number, partnerPercent: number) {
    return {
      bank_split_name: 'Shared',
      main_merchant_id: main,
      main_split_percent: mainPercent,
      pay_channel: 'all',
      split_merchant: [{ merchant_id: partnerCard, split_percent: partnerPercent }],
    };
  }
  const entriesOf = async (orderNo: string) => {
    const order = await orderRow(t, orderNo);
    const rows = await t.db.kysely
      .selectFrom('ledger_entries as e')
      .innerJoin('fund_accounts as a', 'a.id', 'e.account_id')
      .select([
        'a.card_id',
        'e.merchant_id',
        'e.seller_id',
        'e.kind',
        'e.amount',
        'e.role',
        'e.share',
        'e.split',
      ])
      .where('e.order_id', '=', order.id)
      .orderBy('e.id')
      .execute();
    return rows.map((r) => ({
      card: String(r.card_id),
      merchant: Number(r.merchant_id),
      seller: Number(r.seller_id),
      kind: r.kind,
      amount: Number(r.amount),
      role: r.role,
      share: Number(r.share),
      split: Number(r.split),
    }));
  };
  const refund = async (orderNo: string, cents: number) => {
    ok(
      await t.call(
        '/api/v1/b/refund',
        { orderno: orderNo, part_refund: true, refund_fee: cents },
        owner.headers,
      ),
    );
    await t.services.orders.jobs.tick();
    await settle(t);
  };
  const funds = async (who: Caller) =>
    ok<{ data: FundAccount[] }>(await t.call('/api/v1/b/getFunds', {}, who.headers)).data;
  const records = async (who: Caller) =>
    ok<{ data: Settlement[] }>(await t.call('/api/v1/b/getSettle', { condition: {} }, who.headers)).data;

  it('credits the main card and the split account, refunds debit both, a change applies from the next order', async () => {
    const first = await sale(t, '16201');
    const plain = await sale(t, '16202');
    expect(await entriesOf(first)).toEqual([
      {
        card: main,
        merchant: owner.merchantId,
        seller: owner.merchantId,
        kind: 'payment',
        amount: 210,
        role: 'main',
        share: 7000,
        split: 1,
      },
      {
        card: partnerCard,
        merchant: partner.merchantId,
        seller: owner.merchantId,
        kind: 'payment',
        amount: 90,
        role: 'split',
        share: 3000,
        split: 1,
      },
    ]);
    expect(await entriesOf(plain)).toEqual([
      {
        card: main,
        merchant: owner.merchantId,
        seller: owner.merchantId,
        kind: 'payment',
        amount: 300,
        role: 'main',
        share: 10000,
        split: 0,
      },
    ]);

    // A refund takes back from both in the payment's proportions (split accounts the floor, main the rest).
    await refund(first, 100);
    const afterRefund = (await entriesOf(first)).filter((e) => e.kind === 'refund');
    expect(afterRefund.map((e) => [e.card, e.amount, e.role, e.share])).toEqual([
      [main, -70, 'main', 7000],
      [partnerCard, -30, 'split', 3000],
    ]);

    // The split changes to 66.67 / 33.33: the next order is cut by it, the first order's refunds keep 70 / 30.
    ok(
      await t.call(
        '/api/v1/k/updateSplitAccount',
        { ...config(6667, 3333), bank_split_id: splitId },
        owner.headers,
      ),
    );
    const second = await sale(t, '16201');
    const secondEntries = await entriesOf(second);
    expect(secondEntries.map((e) => [e.card, e.amount, e.share])).toEqual([
      [main, 201, 6667],
      [partnerCard, 99, 3333],
    ]);
    expect(secondEntries.reduce((s, e) => s + e.amount, 0)).toBe(300);
    await refund(first, 50);
    const firstRefunds = (await entriesOf(first)).filter((e) => e.kind === 'refund');
    // Running total 150: partner floor(150 × 90 / 300) = 45 (15 more), main 105 (35 more).
    expect(firstRefunds.map((e) => [e.card, e.amount, e.share])).toEqual([
      [main, -70, 7000],
      [partnerCard, -30, 3000],
      [main, -35, 7000],
      [partnerCard, -15, 3000],
    ]);
    // Every order's entries add up to what the channel holds for it: paid less refunded.
    for (const [no, held] of [
      [first, 150],
      [second, 300],
      [plain, 300],
    ] as const) {
      expect((await entriesOf(no)).reduce((s, e) => s + e.amount, 0)).toBe(held);
    }

    // The split account's money belongs to the partner: in its funds, not in the owner's.
    const ownerFunds = await funds(owner);
    expect(ownerFunds.map((f) => f.merchant_id)).toEqual([main]);
    expect(ownerFunds[0]).toMatchObject({ not_settle_amt: 210 - 105 + 201 + 300, balance: 606 });
    const partnerFunds = await funds(partner);
    expect(partnerFunds).toMatchObject([
      { merchant_id: partnerCard, not_settle_amt: 90 - 45 + 99, balance: 144, dev_count: 0 },
    ]);

    // Both merchants' daily runs settle their own account.
    t.clock.now = at(1, 13);
    await t.services.funds.settlement.tick();
    owner = await relogin(t, owner, '13900001621');
    partner = await relogin(t, partner, '13900001622');
    expect(await records(owner)).toMatchObject([
      {
        merchant_id: main,
        gross_amt: 606,
        income_amt: 711,
        refund_amt: 105,
        settle_amt: 602,
        settle_status: 1,
      },
    ]);
    const partnerRecords = await records(partner);
    expect(partnerRecords).toMatchObject([
      {
        merchant_id: partnerCard,
        gross_amt: 144,
        income_amt: 189,
        refund_amt: 45,
        settle_amt: 143,
        poundage: 1,
      },
    ]);
    expect(await funds(partner)).toMatchObject([{ balance: 0, not_settle_amt: 0, settled_amt: 143 }]);
    // The partner's settlement detail lists the owner's orders its money came from.
    const detail = ok<{ lines: { data: Array<{ orderno: string; amount: number; sn: string }> } }>(
      await t.call('/api/v1/b/getSettleDetail', { id: partnerRecords[0]!.id }, partner.headers),
    );
    expect(detail.lines.data.map((l) => [l.orderno, l.amount, l.sn])).toEqual([
      [first, 90, '16201'],
      [first, -30, '16201'],
      [second, 99, '16201'],
      [first, -15, '16201'],
    ]);
    const transfers = await t.services.providers.sandboxes.payouts!.transfers();
    expect(transfers.map((x) => Number(x.amount)).sort((a, b) => a - b)).toEqual([143, 602]);
  });

  it("answers an order's trade route from the ledger, and profit sharing per day, machine and account", async () => {
    const first = await sale(t, '16201');
    const other = await sale(t, '16201');
    const plain = await sale(t, '16202');
    await refund(first, 100);
    ok(
      await t.call(
        '/api/v1/k/updateSplitAccount',
        { ...config(6667, 3333), bank_split_id: splitId },
        owner.headers,
      ),
    );
    t.clock.now = at(1, 11);
    owner = await relogin(t, owner, '13900001621');
    partner = await relogin(t, partner, '13900001622');
    const next = await sale(t, '16201');
    const unpaid = await customerPays(t, '16202', 1, { pay: false });

    type Route = { orderno: string; sn: string; client: string; lines: Array<Record<string, unknown>> };
    const route = async (orderno: string, who: Caller = owner) =>
      t.call('/api/v1/k/queryTradeRoute', { orderno }, who.headers);
    const line = { acct_no_encry: expect.stringContaining('****'), time: expect.any(Number) };
    expect(ok<Route>(await route(first))).toEqual({
      orderno: first,
      sn: '16201',
      client: 'wechat',
      lines: [
        {
          ...line,
          merchant_id: main,
          acct_name: '张三',
          role: 'main',
          split_percent: 7000,
          kind: 'payment',
          amount: 210,
          settle_id: null,
        },
        {
          ...line,
          merchant_id: partnerCard,
          acct_name: '李*',
          role: 'split',
          split_percent: 3000,
          kind: 'payment',
          amount: 90,
          settle_id: null,
        },
        {
          ...line,
          merchant_id: main,
          acct_name: '张三',
          role: 'main',
          split_percent: 7000,
          kind: 'refund',
          amount: -70,
          settle_id: null,
        },
        {
          ...line,
          merchant_id: partnerCard,
          acct_name: '李*',
          role: 'split',
          split_percent: 3000,
          kind: 'refund',
          amount: -30,
          settle_id: null,
        },
      ],
    });
    expect(ok<Route>(await route(next)).lines.map((l) => [l.role, l.split_percent, l.amount])).toEqual([
      ['main', 6667, 201],
      ['split', 3333, 99],
    ]);
    expect(
      ok<Route>(await route(plain)).lines.map((l) => [l.merchant_id, l.role, l.split_percent, l.amount]),
    ).toEqual([[main, 'main', 10000, 300]]);
    // Outside the ledger (not paid): no lines. Another merchant's order, or none: not found.
    expect(ok<Route>(await route(unpaid.order_no))).toMatchObject({ sn: '16202', lines: [] });
    expect((await route(first, partner)).rcode).toBe(RCODE.ORDER_NOT_FOUND);
    expect((await route('NO-SUCH-ORDER')).rcode).toBe(RCODE.ORDER_NOT_FOUND);

    // Settled: the owner's lines name the owner's settlement; the partner's settlement is the partner's.
    t.clock.now = at(1, 13);
    await t.services.funds.settlement.tick();
    const [ownerRecord] = await records(owner);
    const settledLines = ok<Route>(await route(first)).lines;
    expect(settledLines.map((l) => l.settle_id)).toEqual([ownerRecord!.id, null, ownerRecord!.id, null]);

    type Sharing = {
      data: ProfitShare[];
      count: number;
      totals: Array<Omit<ProfitShare, 'day' | 'sn' | 'dev_title'>>;
      sandbox: boolean;
    };
    const sharing = async (condition: Record<string, unknown> = {}, who: Caller = owner, pageSize = 20) =>
      ok<Sharing>(await t.call('/api/v1/b/getProfitSharing', { condition, pageSize }, who.headers));
    const all = await sharing();
    expect(all.sandbox).toBe(true);
    // Only the split machine; the newest day first, the main account before the split one.
    expect(
      all.data.map((r) => [r.day, r.sn, r.merchant_id, r.role, r.income_amt, r.refund_amt, r.net_amt]),
    ).toEqual([
      ['20261123', '16201', main, 'main', 201, 0, 201],
      ['20261123', '16201', partnerCard, 'split', 99, 0, 99],
      ['20261122', '16201', main, 'main', 420, 70, 350],
      ['20261122', '16201', partnerCard, 'split', 180, 30, 150],
    ]);
    expect(all.data[0]!.dev_title).toBe(
      (
        await t.db.kysely
          .selectFrom('devices')
          .select('title')
          .where('sn', '=', '16201')
          .executeTakeFirstOrThrow()
      ).title,
    );
    expect(all.data[1]!.acct_name).toBe('李*');
    expect(all.totals.map((r) => [r.merchant_id, r.role, r.income_amt, r.refund_amt, r.net_amt])).toEqual([
      [main, 'main', 621, 70, 551],
      [partnerCard, 'split', 279, 30, 249],
    ]);
    // Every share adds up to what the split machine took: 3 × 300 less the 100 refunded.
    expect(all.totals.reduce((s, r) => s + r.net_amt, 0)).toBe(800);
    const day = await sharing({ start_date: '2026-11-22', end_date: '20261122' });
    expect(day.count).toBe(2);
    expect(day.totals.map((r) => r.net_amt)).toEqual([350, 150]);
    const paged = await sharing({}, owner, 3);
    expect([paged.count, paged.data.length, paged.totals.length]).toEqual([4, 3, 2]);
    expect((await sharing({ sn: '16202' })).count).toBe(0);
    expect((await sharing({}, partner)).count).toBe(0);
    // A machine the caller never had is refused as every list refuses it, not answered with no lines.
    const refusedSn = (sn: string, who: Caller, lang = 'en-US') =>
      t.call('/api/v1/b/getProfitSharing', { condition: { sn } }, { ...who.headers, lang });
    expect(await refusedSn('16201', partner)).toMatchObject({
      rcode: RCODE.DEVICE_NOT_FOUND,
      msg: 'Device does not exist',
    });
    expect(await refusedSn('99999', owner, 'zh-CN')).toMatchObject({
      rcode: RCODE.DEVICE_NOT_FOUND,
      msg: '设备不存在',
    });
    expect(
      (
        await t.call(
          '/api/v1/b/getProfitSharing',
          { condition: { start_date: '20261123', end_date: '20261122' } },
          owner.headers,
        )
      ).rcode,
    ).toBe(RCODE.SETTLE_RANGE_INVALID);
    // The refusal names the day that is no calendar day (found by the contract fuzzer).
    expect(
      await t.call('/api/v1/b/getProfitSharing', { condition: { end_date: '20261340' } }, owner.headers),
    ).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'condition.end_date: Invalid value' });
    expect(other).not.toBe(first);
  });

  it("settles now through the dev route (demo and test mode): both shares reach both merchants' records", async () => {
    await sale(t, '16201');
    const now = async (merchant: string) =>
      ok<{ merchant_id: number; settle_date: string; settlements: number }>(
        await t.call('/p/v1/dev/settleNow', { merchant }),
      );
    expect(await now('13900001621')).toEqual({
      merchant_id: owner.merchantId,
      settle_date: '20261122',
      settlements: 1,
    });
    expect(await now(String(partner.merchantId))).toMatchObject({ settlements: 1 });
    expect(await records(owner)).toMatchObject([
      { merchant_id: main, gross_amt: 210, settle_amt: 208, settle_status: 1 },
    ]);
    expect(await records(partner)).toMatchObject([
      { merchant_id: partnerCard, gross_amt: 90, settle_amt: 89, settle_status: 1 },
    ]);
    // Once a day: a later sale joins tomorrow's settlement.
    await sale(t, '16201');
    expect(await now('13900001621')).toMatchObject({ settlements: 0 });
    expect((await funds(owner))[0]).toMatchObject({ not_settle_amt: 210, settled_amt: 208 });
  });
});
