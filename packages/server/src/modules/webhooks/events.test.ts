import { PROTOCOL_VERSION, type PresenceMessage } from '@vendo/contract/device-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import { MachineStateRepository } from '../devices/machine-state-repository';
import { recordEvent } from '../events/event-outbox';
import { approvedCard, bindTo } from '../funds/funds-fixtures';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  orderRow,
  settle,
  standingMachine,
  virtualMachines,
} from '../orders/order-fixtures';

const at = (day: number, hour: number) => Date.UTC(2026, 10, 22 + day, hour - 8);
const presence = (online: boolean, conn: string): PresenceMessage => ({ v: PROTOCOL_VERSION, online, conn });

/**
 * Each event kind is written by its action, in the action's transaction (docs/webhooks.md): the event rows are
 * read straight from the table, and an action that fails or changes nothing writes none.
 */
describe.each(dialects())('events written by their actions on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let store: number;
  let restore: () => void;
  let fault = 0;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900002001');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'North');
    store = await addStore(t, owner, area, 'Mall');
    await standingMachine(t, owner, {
      sn: '20001',
      areaId: area,
      storeId: store,
      goods: [cola],
      quantity: 10,
    });
    fault = 0;
    restore = virtualMachines(t, { fault: () => fault });
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const events = async () =>
    (
      await t.db.kysely
        .selectFrom('events')
        .selectAll()
        .where('merchant_id', '=', owner.merchantId)
        .orderBy('seq')
        .execute()
    ).map((e) => ({
      seq: Number(e.seq),
      type: e.type,
      store_id: e.store_id,
      data: JSON.parse(e.data) as unknown,
    }));
  const types = async () => (await events()).map((e) => e.type);

  it('order.paid and stock.low from a sale; order.abnormal and refund.succeeded from a failed delivery', async () => {
    // The machine warns at 9 left: the first sale (10 → 9) is the one that says so, the next does not again.
    await t.db.kysely
      .updateTable('devices')
      .set({ stock_notify_threshold: 9 })
      .where('sn', '=', '20001')
      .execute();
    const first = await customerPays(t, '20001', 1);
    await settle(t);
    expect(await events()).toMatchObject([
      {
        seq: 1,
        type: 'order.paid',
        store_id: store,
        data: { order_no: first.order_no, sn: '20001', amount: 300, client: 'wechat', store_id: store },
      },
      {
        seq: 2,
        type: 'stock.low',
        data: { sn: '20001', channel_sn: '1', quantity: 9, threshold: 9 },
      },
    ]);
    fault = 7;
    const second = await customerPays(t, '20001', 1);
    await settle(t);
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, second.order_no)).status).toBe(8);
    const later = (await events()).slice(2);
    expect(later.map((e) => e.type)).toEqual(['order.paid', 'order.abnormal', 'refund.succeeded']);
    expect(later[1]).toMatchObject({ data: { order_no: second.order_no, status: 4, fault: '7' } });
    expect(later[2]).toMatchObject({ data: { order_no: second.order_no, amount: 300, kind: 'auto' } });
  });

  it('a payment notice for the wrong amount, or a second time, writes nothing', async () => {
    const order = await customerPays(t, '20001', 1, { pay: false });
    const payments = t.services.orders.payments;
    const state = {
      channel: 'wechat' as const,
      state: 'paid' as const,
      outTradeNo: order.order_no,
      transactionId: 'tx',
      payer: 'p',
      paidAt: t.clock.now,
    };
    await payments.confirm({ ...state, amount: 299 });
    expect(await types()).toEqual([]);
    await payments.confirm({ ...state, amount: 300 });
    await payments.confirm({ ...state, amount: 300 });
    expect(await types()).toEqual(['order.paid']);
  });

  it('an action that rolls back leaves no event and takes no cursor', async () => {
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await recordEvent(trx, {
          merchantId: owner.merchantId,
          type: 'machine.offline',
          storeId: null,
          data: { sn: '20001', title: '', store_id: null, at: 1 },
          at: 1,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await types()).toEqual([]);
    const order = await customerPays(t, '20001', 1);
    await settle(t);
    expect((await events()).map((e) => [e.seq, e.type])).toEqual([[1, 'order.paid']]);
    expect(order.order_no).toBeTruthy();
  });

  it('machine.offline and machine.online from presence; a repeated or stale presence writes nothing', async () => {
    const state = new MachineStateRepository(t.db.kysely);
    await t.db.kysely
      .updateTable('devices')
      .set({ alive: 1, conn_id: 'c1' })
      .where('sn', '=', '20001')
      .execute();
    expect(await state.presence('20001', presence(false, 'c1'), t.clock.now)).toBe('offline');
    expect(await state.presence('20001', presence(false, 'c1'), t.clock.now)).toBe('ignored');
    expect(await state.presence('20001', presence(true, 'c2'), t.clock.now)).toBe('online');
    // A new connection of a machine already online is not "back online".
    expect(await state.presence('20001', presence(true, 'c3'), t.clock.now)).toBe('online');
    expect(await events()).toMatchObject([
      { type: 'machine.offline', store_id: store, data: { sn: '20001', store_id: store } },
      { type: 'machine.online', data: { sn: '20001' } },
    ]);
  });

  it('bank_card.reviewed from the review; settlement.failed then settlement.succeeded from the payouts', async () => {
    const card = await approvedCard(t, owner, '李四 failonce');
    expect(await events()).toMatchObject([
      {
        type: 'bank_card.reviewed',
        store_id: null,
        data: { card_id: Number(card), result: 'approved', reason: '' },
      },
    ]);
    expect(((await events())[0]!.data as { acct_no_mask: string }).acct_no_mask).not.toMatch(
      /6222020200112233445/,
    );
    await bindTo(t, owner, card, ['20001']);
    await customerPays(t, '20001', 1);
    await settle(t);
    t.clock.now = at(1, 13);
    await t.services.funds.settlement.tick();
    t.clock.now = at(2, 13);
    await t.services.funds.settlement.tick();
    const settled = (await events()).filter((e) => e.type.startsWith('settlement.'));
    expect(settled).toMatchObject([
      {
        type: 'settlement.failed',
        store_id: null,
        data: { settle_amt: 298, attempt: 1, reason: 'BANK_BUSY' },
      },
      { type: 'settlement.succeeded', data: { settle_amt: 298, attempt: 2 } },
    ]);
    ok(await t.call('/api/v1/b/getEvents', { cursor: 0 }, owner.headers));
  });
});
