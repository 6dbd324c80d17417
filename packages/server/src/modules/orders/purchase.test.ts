import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillList } from '@vendo/contract/api/orders';
import { RCODE } from '@vendo/contract/rcodes';
import type { SimMachine, SimMachineOptions } from '@vendo/device-sim/machine';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import { brokerEnv, eventually, runGateway } from '../devices/device-fixtures';
import type { ProvisionedDevice } from '../devices/provisioning';
import {
  ALIPAY_UA,
  WECHAT_UA,
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  orderRow,
  sellingMachine,
  settle,
} from './order-fixtures';

/**
 * The customer's purchase end to end: the machine's page, the order and its sandbox payment, the signed
 * notification, the vend over MQTT to a simulated machine, its delivery report, the write-off, the bills.
 */
describe.each(dialects())('customer purchase on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let gw: Awaited<ReturnType<typeof runGateway>>;
  let sims: SimMachine[];
  let cola: number;
  let autoStore: number;
  let manualStore: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
    calmSandbox(t);
    owner = await mainAccount(t, '13900000801');
    gw = await runGateway(t);
    sims = [];
    cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'North');
    autoStore = await addStore(t, owner, area, 'Mall', 'auto');
    manualStore = await addStore(t, owner, area, 'Station', 'manual');
  });
  afterEach(async () => {
    await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
    await t.services.orders.idle();
    await t.services.devices.idle();
    await gw.close();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const shelfQuantity = async (sn: string, position = 1) =>
    (
      await t.db.kysely
        .selectFrom('channels')
        .innerJoin('devices', 'devices.id', 'channels.device_id')
        .select('channels.quantity')
        .where('devices.sn', '=', sn)
        .where('channels.position', '=', position)
        .executeTakeFirstOrThrow()
    ).quantity;

  /** A bound machine online in a store, Cola on shelf 1 (5 of 10). */
  function onlineMachine(
    options: Partial<SimMachineOptions> & { type?: ProvisionedDevice['type']; store?: number } = {},
  ) {
    const { type = 'vm', store = autoStore, ...sim } = options;
    return sellingMachine(t, gw, owner, { store, goodsId: cola, sims, type, sim });
  }

  it('sells from the machine page: paid once, vended, written off once, in the bills', async () => {
    const { device, sim } = await onlineMachine();
    const shown = ok<{
      shelves: Array<{ channel_sn: number; goods_name: string; price: number }>;
      sandbox: boolean;
    }>(await t.call('/p/v1/buy/getMachine', { sn: device.sn }));
    expect(shown).toMatchObject({
      sandbox: true,
      shelves: [{ channel_sn: 1, goods_name: 'Cola', price: 300 }],
    });

    // A browser that is neither WeChat nor Alipay is asked to choose.
    const plain = await t.call('/p/v1/buy/createOrder', { sn: device.sn, channel_sn: 1 });
    expect(plain).toMatchObject({ rcode: RCODE.PAY_CHANNEL_REQUIRED, msg: 'Please choose how to pay' });
    const viaAlipay = ok<{ pay_channel: string }>(
      await t.call('/p/v1/buy/createOrder', { sn: device.sn, channel_sn: 1 }, { 'user-agent': ALIPAY_UA }),
    );
    expect(viaAlipay.pay_channel).toBe('alipay');

    const order = await customerPays(t, device.sn, 1, { userAgent: WECHAT_UA });
    await settle(t);
    await eventually(async () => expect((await orderRow(t, order.order_no)).status).toBe(3));
    expect(sim.state.shelves.get(1)?.quantity).toBe(4);
    expect(await shelfQuantity(device.sn)).toBe(4);
    const row = await orderRow(t, order.order_no);
    expect(row).toMatchObject({ client: 'wechat', amount: 300, cost_price: 120, vend_attempts: 1 });
    expect(row.merchant_order).toMatch(/^42\d{24}$/);
    const log = await t.db.kysely
      .selectFrom('stock_records')
      .selectAll()
      .where('order_no', '=', order.order_no)
      .execute();
    expect(log).toMatchObject([{ stock_type: 3, oper_type: 1, quantity: 1, balance: 4 }]);

    // The same notification again (the channel retries) changes nothing.
    const again = await t.services.orders.sandbox!.paymentNotice(order.order_no);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/p/v1/pay/notify/${again!.channel}`,
      headers: again!.headers,
      payload: again!.body,
    });
    expect(replay.json()).toEqual({ code: 'SUCCESS', message: 'OK' });
    await settle(t);
    expect(await orderRow(t, order.order_no)).toMatchObject({ status: 3, vend_attempts: 1 });
    expect(sim.commands.filter((c) => c.name === 'vend')).toHaveLength(1);

    const followed = ok<{ stage: string; status_text: string }>(
      await t.call('/p/v1/buy/getOrder', { order_no: order.order_no, token: order.token }),
    );
    expect(followed).toMatchObject({ stage: 'delivered', status_text: 'Success' });
    expect(
      (await t.call('/p/v1/buy/getOrder', { order_no: order.order_no, token: 'x'.repeat(32) })).rcode,
    ).toBe(RCODE.ORDER_NOT_FOUND);

    const bills = ok<BillList>(await call('/api/v1/b/getBuyBill', {}));
    expect(bills.count).toBe(1);
    expect(bills.data[0]).toMatchObject({
      orderno: order.order_no,
      status: 3,
      status_text: 'Success',
      client: 'wechat',
      amount: 300,
      sn: device.sn,
      store: { _id: autoStore, store_name: 'Mall' },
      goods: [{ goods_name: 'Cola', quantity: 1, delivered: 1, err: '' }],
    });
    expect(bills.analysis).toMatchObject({
      count: 1,
      income: 300,
      wxIncome: 300,
      successCount: 1,
      successRate: 10000,
    });
  });

  it('refunds a failed delivery automatically in an automatic store, and not in a manual one', async () => {
    const auto = await onlineMachine({ faultRate: 1, random: () => 0 });
    const order = await customerPays(t, auto.device.sn, 1);
    await settle(t);
    await eventually(async () => expect([99, 8]).toContain((await orderRow(t, order.order_no)).status));
    await t.services.orders.jobs.tick();
    await eventually(async () => {
      await t.services.orders.jobs.tick();
      expect(await orderRow(t, order.order_no)).toMatchObject({ status: 8, refund_fee: 300, goods_err: '1' });
    });
    expect(await shelfQuantity(auto.device.sn)).toBe(5);
    const shown = ok<{ stage: string; refund: number }>(
      await t.call('/p/v1/buy/getOrder', { order_no: order.order_no, token: order.token }),
    );
    expect(shown).toMatchObject({ stage: 'refunded', refund: 300 });

    const manual = await onlineMachine({ faultRate: 1, random: () => 0, store: manualStore });
    const kept = await customerPays(t, manual.device.sn, 1);
    await settle(t);
    await eventually(async () => expect((await orderRow(t, kept.order_no)).status).toBe(4));
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, kept.order_no)).toMatchObject({ status: 4, refund_fee: 0, refund_reserved: 0 });
    const bills = ok<BillList>(await call('/api/v1/b/getBuyBill', { condition: { status: 4 } }));
    expect(bills.data.map((b) => b.status_text)).toEqual(['Delivery failed (Motor fault)']);
  });

  it('asks the channel when its notification never comes', async () => {
    calmSandbox(t, { dropRate: 1 });
    const { device } = await onlineMachine();
    const order = await customerPays(t, device.sn, 1);
    await settle(t);
    expect((await orderRow(t, order.order_no)).status).toBe(0);
    // The customer's page asks (the order is a few seconds old), and the channel says it is paid.
    t.clock.advance(4_000);
    const followed = ok<{ stage: string }>(
      await t.call('/p/v1/buy/getOrder', { order_no: order.order_no, token: order.token }),
    );
    expect(followed.stage).toBe('paid');
    await settle(t);
    await eventually(async () => expect((await orderRow(t, order.order_no)).status).toBe(3));

    // Nobody watching: the job asks.
    const unwatched = await customerPays(t, device.sn, 1);
    t.clock.advance(11_000);
    await t.services.orders.jobs.tick();
    await settle(t);
    await eventually(async () => expect((await orderRow(t, unwatched.order_no)).status).toBe(3));

    // Never paid: closed after a while, and its payment with it.
    const abandoned = await customerPays(t, device.sn, 1, { pay: false });
    t.clock.advance(16 * 60_000);
    await t.services.orders.jobs.tick();
    expect((await orderRow(t, abandoned.order_no)).closed_at).not.toBeNull();
    expect((await t.call('/p/v1/sandboxPay/pay', { tx: abandoned.tx, action: 'pay' })).result).toMatchObject({
      state: 'closed',
    });
  });

  it('does not sell on an offline machine; a machine gone after the payment fails and refunds', async () => {
    const { device, sim } = await onlineMachine();
    calmSandbox(t, { autoNotify: false });
    const order = await customerPays(t, device.sn, 1);
    await sim.stop({ graceful: true });
    await eventually(async () =>
      expect(
        (
          await t.db.kysely
            .selectFrom('devices')
            .select('alive')
            .where('sn', '=', device.sn)
            .executeTakeFirstOrThrow()
        ).alive,
      ).toBe(0),
    );
    expect(
      (await t.call('/p/v1/buy/createOrder', { sn: device.sn, channel_sn: 1 }, { 'user-agent': WECHAT_UA }))
        .rcode,
    ).toBe(RCODE.DEVICE_OFFLINE);
    const notice = await t.services.orders.sandbox!.paymentNotice(order.order_no);
    expect(await t.services.orders.payments.onNotification('wechat', notice!.headers, notice!.body)).toBe(
      true,
    );
    await settle(t);
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, order.order_no)).toMatchObject({
      status: 8,
      goods_err: 'offline',
      refund_fee: 300,
    });
  });

  it('sells game plays on a lipstick machine and follows the game result', async () => {
    const { device, sim } = await onlineMachine({ type: 'lpk', gameWinRate: 1 });
    const shown = ok<{ modes: { goods: boolean; game: boolean }; shelves: Array<{ game_price: number }> }>(
      await t.call('/p/v1/buy/getMachine', { sn: device.sn }),
    );
    expect(shown.modes).toEqual({ goods: true, game: true });
    const won = await customerPays(t, device.sn, 1, { kind: 'game' });
    expect(won.amount).toBe(100);
    await settle(t);
    await eventually(async () =>
      expect(await orderRow(t, won.order_no)).toMatchObject({ status: 6, game_result: 'win' }),
    );
    expect(sim.commands.filter((c) => c.name === 'play')).toHaveLength(1);
    await eventually(async () => expect(await shelfQuantity(device.sn)).toBe(4));
    expect((await orderRow(t, won.order_no)).cost_price).toBe(120);

    sim.gameWinRate = 0;
    const lost = await customerPays(t, device.sn, 1, { kind: 'game' });
    await settle(t);
    await eventually(async () =>
      expect(await orderRow(t, lost.order_no)).toMatchObject({ status: 7, cost_price: 0 }),
    );
    const bills = ok<BillList>(await call('/api/v1/b/getBuyBill', {}));
    expect(bills.data.map((b) => [b.kind, b.status_text, b.game?.result])).toEqual([
      ['game', 'Game lost', 'lose'],
      ['game', 'Game won', 'win'],
    ]);

    // A vending machine sells no plays.
    const vm = await onlineMachine();
    expect(
      (
        await t.call(
          '/p/v1/buy/createOrder',
          { sn: vm.device.sn, channel_sn: 1, kind: 'game' },
          { 'user-agent': WECHAT_UA },
        )
      ).rcode,
    ).toBe(RCODE.SALE_MODE_UNAVAILABLE);
  });

  it('makes orders of what the machine sells by itself: cash, cards, remote dispenses', async () => {
    const { device, sim } = await onlineMachine();
    sim.sellForCash(1, 300, 'coin');
    sim.sellByCard(1, 'CARD-0001', 280, 'iccard');
    ok(await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 1, quantity: 1 }] }));
    await eventually(() => expect(sim.pendingEvents).toBe(0));
    await eventually(async () => expect(await shelfQuantity(device.sn)).toBe(2));
    const bills = ok<BillList>(await call('/api/v1/b/getBuyBill', {}));
    expect(bills.data.map((b) => [b.client, b.amount, b.status, b.cardno]).sort()).toEqual(
      [
        ['coin', 300, 3, ''],
        ['iccard', 280, 3, 'CARD-0001'],
        ['remote', 0, 3, ''],
      ].sort(),
    );
    expect(bills.analysis).toMatchObject({ count: 3, income: 580, otherIncome: 580, wxCount: 0 });
    const card = ok<{ count: number; amount: number; client: string }>(
      await call('/api/v1/c/getOneCard', { cardno: 'CARD-0001' }),
    );
    expect(card).toMatchObject({ count: 1, amount: 280, client: 'iccard' });
    // Payment bills list the orders that took money: no remote dispense.
    const pay = ok<BillList>(await call('/api/v1/b/getPayBill', {}));
    expect(pay.data.map((b) => b.client).sort()).toEqual(['coin', 'iccard']);
  });

  it('turns an order without a result abnormal, and vends it again', async () => {
    const { device, sim } = await onlineMachine();
    sim.commandDelayMs = 2_500;
    const order = await customerPays(t, device.sn, 1);
    await settle(t);
    // The vend timed out (1.5 s in tests); the machine still ran it late and its report is coming.
    expect((await orderRow(t, order.order_no)).status).toBe(1);
    sim.commandDelayMs = 20;
    await eventually(async () => expect((await orderRow(t, order.order_no)).status).toBe(3), 8_000);

    // A vend the machine never reports: 5 after the answer time, on the home alert, then vended again.
    const lost = await customerPays(t, device.sn, 1, { pay: true });
    const held = sim as unknown as { sendEvent: (e: unknown) => unknown };
    const original = held.sendEvent.bind(sim);
    const dropped: unknown[] = [];
    held.sendEvent = (e) => dropped.push(e);
    await settle(t);
    await eventually(async () => expect((await orderRow(t, lost.order_no)).status).toBe(2));
    await eventually(() => expect(dropped).toHaveLength(1));
    t.clock.advance(121_000);
    await t.services.orders.jobs.tick();
    expect(await orderRow(t, lost.order_no)).toMatchObject({ status: 5, goods_err: 'noResult' });
    held.sendEvent = original;
    expect(ok(await call('/api/v1/b/abnormalCount', {}))).toMatchObject({ count: 1 });
    const abnormal = ok<BillList>(
      await call('/api/v1/b/getBuyBill', {
        condition: { abnormal: true, start_time: t.clock.now - 3_600_000 },
      }),
    );
    expect(abnormal.data.map((b) => [b.orderno, b.status_text])).toEqual([
      [lost.order_no, 'Abnormal (No result from the machine)'],
    ]);
    const again = ok<{ status: number; items: Array<{ delivered: number }> }>(
      await call('/api/v1/b/replaceGoods', { orderno: lost.order_no }),
    );
    expect(again.items).toMatchObject([{ delivered: 1 }]);
    await eventually(async () => expect((await orderRow(t, lost.order_no)).status).toBe(3));
    expect(
      sim.commands.filter((c) => c.name === 'vend').map((c) => (c.args as { order: string }).order),
    ).toContain(`${lost.order_no}.r2`);
    expect(ok(await call('/api/v1/b/abnormalCount', {}))).toMatchObject({ count: 0 });
    expect((await call('/api/v1/b/replaceGoods', { orderno: lost.order_no })).rcode).toBe(
      RCODE.ORDER_NOT_REPLACEABLE,
    );
  });
});
