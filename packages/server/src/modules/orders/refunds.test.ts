import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RefundAnswer } from '@vendo/contract/api/orders';
import { RCODE } from '@vendo/contract/rcodes';
import { md5 } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  grantRole,
  item,
  machineEvent,
  orderRow,
  settle,
  standingMachine,
  virtualMachines,
} from './order-fixtures';

const DAY = 86_400_000;

/**
 * Refunds (spec §4, §5, §8): eligibility, amounts, the operator sign and permission 1031, idempotency, the
 * channel accepting first and confirming later or failing, offline refunds, and the sum never above the amount.
 */
describe.each(dialects())('refunds on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let restore: () => void;
  let store: number;
  let other: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t, { autoNotify: false });
    owner = await mainAccount(t, '13900000821');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'North');
    store = await addStore(t, owner, area, 'Mall');
    other = await addStore(t, owner, area, 'Port');
    await standingMachine(t, owner, { sn: '71001', areaId: area, storeId: store, goods: [cola] });
    await standingMachine(t, owner, { sn: '71002', areaId: area, storeId: other, goods: [cola] });
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const refund = (body: Record<string, unknown>, caller: Caller = owner) =>
    call('/api/v1/b/refund', body, caller);
  /** A WeChat sale delivered on 71001 (or another machine), paid and confirmed. */
  async function sale(sn = '71001'): Promise<string> {
    const order = await customerPays(t, sn, 1);
    const notice = await t.services.orders.sandbox!.paymentNotice(order.order_no);
    await t.services.orders.payments.onNotification('wechat', notice!.headers, notice!.body);
    await settle(t);
    expect((await orderRow(t, order.order_no)).status).toBe(3);
    return order.order_no;
  }
  const sandboxRefunds = () => t.db.kysely.selectFrom('sandbox_pay_refunds').selectAll().execute();

  it('refunds in full through the channel: accepted, refunding, then confirmed', async () => {
    const orderno = await sale();
    const answer = ok<RefundAnswer>(await refund({ orderno, remarks: 'customer asked' }));
    expect(answer).toMatchObject({
      orderno,
      refund: { amount: 300, kind: 'manual', status: 'processing', remarks: 'customer asked' },
      order_status: 99,
      order_status_text: 'Refunding',
      refunded: 0,
      refunding: 300,
      refundable: 0,
    });
    expect(answer.refund.operator).toMatchObject({ user_id: owner.userId });
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, orderno)).toMatchObject({ status: 9, refund_fee: 300, refund_reserved: 300 });
    expect(await sandboxRefunds()).toMatchObject([{ amount: 300, state: 'success' }]);
    // Tapped again at once: the same refund answers; later, nothing is left to refund.
    expect(ok<RefundAnswer>(await refund({ orderno })).refund.refund_no).toBe(answer.refund.refund_no);
    t.clock.advance(11_000);
    expect(await refund({ orderno })).toMatchObject({
      rcode: RCODE.REFUND_AMOUNT_INVALID,
      msg: 'Refund amount invalid',
    });
  });

  it('refunds part, then the rest; never 0, never above what is left', async () => {
    const orderno = await sale();
    expect(await refund({ orderno, part_refund: true })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
      msg: 'Refund amount: Cannot be empty',
    });
    expect((await refund({ orderno, part_refund: 1, refund_fee: 0 })).rcode).toBe(
      RCODE.REFUND_AMOUNT_INVALID,
    );
    expect((await refund({ orderno, part_refund: 1, refund_fee: 301 })).rcode).toBe(
      RCODE.REFUND_AMOUNT_INVALID,
    );
    expect(await refund({ orderno, part_refund: true, refund_fee: 1.5 })).toMatchObject({
      rcode: RCODE.INVALID_PARAM,
    });
    ok(await refund({ orderno, part_refund: true, refund_fee: 100 }));
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, orderno)).toMatchObject({ status: 11, refund_fee: 100 });
    expect((await refund({ orderno, part_refund: true, refund_fee: 201 })).rcode).toBe(
      RCODE.REFUND_AMOUNT_INVALID,
    );
    ok(await refund({ orderno, part_refund: '1', refund_fee: 200 }));
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, orderno)).toMatchObject({ status: 9, refund_fee: 300 });
    const bills = ok<{
      data: Array<{ refund: number; refunds: Array<{ amount: number }>; remarks: string }>;
    }>(await call('/api/v1/b/getBuyBill', { condition: { order_no: orderno } }));
    expect(bills.data[0]).toMatchObject({ refund: 300, refunds: [{ amount: 100 }, { amount: 200 }] });
  });

  it('follows the eligibility of spec §4: same day, never cash, remote and cards any day', async () => {
    const today = await sale();
    await machineEvent(t, '71001', {
      type: 'cash_sale',
      data: { payment: 'coin', amount: 300, items: [item(1)] },
    });
    ok(await call('/api/v1/d/remoteOuting', { sn: '71001', goods: [{ channel_sn: 1, quantity: 1 }] }));
    const rows = await t.db.kysely.selectFrom('orders').select(['order_no', 'client']).execute();
    const coin = rows.find((r) => r.client === 'coin')!.order_no;
    const remote = rows.find((r) => r.client === 'remote')!.order_no;
    expect(await refund({ orderno: coin })).toMatchObject({
      rcode: RCODE.REFUND_CASH_SALE,
      msg: 'Cash sales cannot be refunded',
    });
    t.clock.advance(DAY);
    expect(await refund({ orderno: today })).toMatchObject({
      rcode: RCODE.REFUND_NOT_SAME_DAY,
      msg: 'Only same-day deals refundable',
    });
    // A remote dispense took no money through a channel: refundable any day, as a record (amount 0: nothing).
    expect((await refund({ orderno: remote })).rcode).toBe(RCODE.REFUND_AMOUNT_INVALID);
    await machineEvent(t, '71001', {
      type: 'delivery',
      data: { order: 'card-9', payment: 'card', items: [item(1)], amount: 250, card: 'M-9' },
    });
    const card = (
      await t.db.kysely
        .selectFrom('orders')
        .select('order_no')
        .where('client', '=', 'card')
        .executeTakeFirstOrThrow()
    ).order_no;
    t.clock.advance(DAY);
    const answer = ok<RefundAnswer>(await refund({ orderno: card, part_refund: true, refund_fee: 50 }));
    expect(answer).toMatchObject({
      refund: { status: 'success', amount: 50 },
      order_status: 11,
      refunded: 50,
    });
    expect(await sandboxRefunds()).toEqual([]);
    expect((await refund({ orderno: 'V0000' })).rcode).toBe(RCODE.ORDER_NOT_FOUND);
  });

  it('records offline refunds at once, without the channel', async () => {
    const orderno = await sale();
    const answer = ok<RefundAnswer>(await call('/api/v1/b/offlineRefund', { orderno, remarks: 'cash back' }));
    expect(answer).toMatchObject({
      refund: { kind: 'offline', status: 'success' },
      order_status: 9,
      refunded: 300,
    });
    expect(await sandboxRefunds()).toEqual([]);
  });

  it('needs the operator sign and permission 1031, within the staff member’s stores', async () => {
    const orderno = await sale();
    ok(await call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('135790') }));
    expect((await refund({ orderno })).rcode).toBe(RCODE.IDENTITY_EXPIRED);
    expect((await refund({ orderno, sign: 'placeholder' })).rcode).toBe(RCODE.IDENTITY_EXPIRED);
    const { sign } = ok<{ sign: string }>(await call('/api/v1/u/checkOprPwd', { password: md5('135790') }));

    const viewer = await staffAccount(t, owner, { account: 'viewer' });
    await grantRole(t, owner, viewer, [1021]);
    expect((await refund({ orderno }, viewer)).rcode).toBe(RCODE.FORBIDDEN);
    const port = await staffAccount(t, owner, { account: 'porter', storeIds: [other] });
    await grantRole(t, owner, port, [1021, 1031]);
    expect((await refund({ orderno }, port)).rcode).toBe(RCODE.ORDER_NOT_FOUND);

    ok(await refund({ orderno, sign }));
  });

  it('makes one refund of a double tap, a retry, and twenty identical requests at once', async () => {
    const a = await sale();
    const first = ok<RefundAnswer>(await refund({ orderno: a, idempotency_key: 'dialog-0001' }));
    const retry = ok<RefundAnswer>(await refund({ orderno: a, idempotency_key: 'dialog-0001' }));
    expect(retry.refund.refund_no).toBe(first.refund.refund_no);

    const b = await sale();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund({ orderno: b, part_refund: true, refund_fee: 100 })),
    );
    expect(answers.every((x) => x.rcode === 0)).toBe(true);
    expect(new Set(answers.map((x) => (x.result as RefundAnswer).refund.refund_no)).size).toBe(1);
    const rows = await t.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', (await orderRow(t, b)).id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await sandboxRefunds()).filter((r) => r.amount === 100)).toHaveLength(1);
    expect(t.services.orders.sandbox!.stats.refundsCreated).toBe(2);
    // Later, the same amount again is a new refund the person means.
    t.clock.advance(30_000);
    ok(await refund({ orderno: b, part_refund: true, refund_fee: 100 }));
    expect(await orderRow(t, b)).toMatchObject({ refund_reserved: 200 });
  });

  it('never lets refunds add up above the amount, even at once', async () => {
    const orderno = await sale();
    const answers = await Promise.all(
      [120, 130, 140, 150].map((fee, i) =>
        refund({ orderno, part_refund: true, refund_fee: fee, idempotency_key: `split-000${i}` }),
      ),
    );
    const accepted = answers
      .filter((x) => x.rcode === 0)
      .map((x) => (x.result as RefundAnswer).refund.amount);
    expect(accepted.reduce((s, v) => s + v, 0)).toBeLessThanOrEqual(300);
    expect(answers.filter((x) => x.rcode !== 0).every((x) => x.rcode === RCODE.REFUND_AMOUNT_INVALID)).toBe(
      true,
    );
    await t.services.orders.jobs.tick();
    const row = await orderRow(t, orderno);
    expect(row.refund_fee).toBe(accepted.reduce((s, v) => s + v, 0));
    expect(row.refund_fee).toBeLessThanOrEqual(row.amount);
  });

  it('gives the reservation back when the channel refuses or fails a refund', async () => {
    const orderno = await sale();
    calmSandbox(t, { autoNotify: false, refundRefuseRate: 1 });
    expect(await refund({ orderno })).toMatchObject({
      rcode: RCODE.REFUND_FAILED,
      msg: 'Refund failed: SYSTEM_ERROR',
    });
    expect(await orderRow(t, orderno)).toMatchObject({ status: 3, refund_reserved: 0, refund_fee: 0 });

    calmSandbox(t, { autoNotify: false, refundFailRate: 1 });
    const accepted = ok<RefundAnswer>(await refund({ orderno, idempotency_key: 'fails-later' }));
    expect(accepted.refund.status).toBe('processing');
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, orderno)).toMatchObject({ status: 3, refund_reserved: 0, refund_fee: 0 });
    const bills = ok<{ data: Array<{ refunds: Array<{ status: string; fail_reason: string }> }> }>(
      await call('/api/v1/b/getBuyBill', { condition: { order_no: orderno } }),
    );
    expect(bills.data[0]!.refunds.map((r) => [r.status, r.fail_reason])).toEqual([
      ['failed', 'SYSTEM_ERROR'],
      ['failed', 'NOT_ENOUGH_BALANCE'],
    ]);
    calmSandbox(t, { autoNotify: false });
    ok(await refund({ orderno }));
  });

  it('vends an abnormal order again from another shelf, only without a refund', async () => {
    const silent = virtualMachines(t, { report: () => false });
    const order = await customerPays(t, '71001', 1);
    const notice = await t.services.orders.sandbox!.paymentNotice(order.order_no);
    await t.services.orders.payments.onNotification('wechat', notice!.headers, notice!.body);
    await settle(t);
    t.clock.advance(121_000);
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, order.order_no)).status).toBe(5);
    silent();
    restore = virtualMachines(t);
    expect((await call('/api/v1/b/replaceGoods', { orderno: order.order_no, channel_sn: 9 })).rcode).toBe(
      RCODE.SHELF_NOT_FOUND,
    );
    ok(await call('/api/v1/b/replaceGoods', { orderno: order.order_no }));
    expect(await orderRow(t, order.order_no)).toMatchObject({ status: 3, vend_attempts: 2 });
    const delivered = await sale();
    expect((await call('/api/v1/b/replaceGoods', { orderno: delivered })).rcode).toBe(
      RCODE.ORDER_NOT_REPLACEABLE,
    );
  });
});
