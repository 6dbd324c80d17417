import { expect } from 'vitest';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import { PROTOCOL_VERSION } from '@vendo/contract/device-protocol';
import type { SimMachine, SimMachineOptions } from '@vendo/device-sim/machine';
import type { Insertable } from 'kysely';
import type { SandboxBehaviour } from '../../integrations/payments/sandbox-payments';
import type { TestApp } from '../../testing/test-app';
import { addMachine, ok, type Caller } from '../catalog/catalog-testing';
import { bind, eventually, machine, provision } from '../devices/device-fixtures';
import type { ProvisionedDevice } from '../devices/provisioning';
import type { OrdersTable } from './order-tables';

/*
 * Test helpers of the orders suites: goods, machines standing in stores, machine events fed through the same
 * entry the gateway uses, customers paying through the sandbox, and a settled sandbox.
 */

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
export const ALIPAY_UA = 'Mozilla/5.0 (Linux; Android 13) AlipayClient/10.5.36';

/** The sandbox made predictable: notifications at once, exactly once; refunds confirmed when asked. */
export function calmSandbox(t: TestApp, change: Partial<SandboxBehaviour> = {}): void {
  const sandbox = t.services.orders.sandbox!;
  sandbox.behaviour = {
    autoNotify: true,
    notifyDelayMs: [0, 0],
    duplicateRate: 0,
    dropRate: 0,
    refundDelayMs: 0,
    refundFailRate: 0,
    refundRefuseRate: 0,
    ...change,
  };
}

export async function addGoods(
  t: TestApp,
  merchantId: number,
  name: string,
  price: number,
  cost: number,
): Promise<number> {
  const now = t.clock.now;
  const row = await t.db.kysely
    .insertInto('goods')
    .values({
      merchant_id: merchantId,
      name,
      price,
      cost_price: cost,
      goods_code: '',
      sold: 0,
      tags: '',
      description: '',
      duration: 0,
      goods_type: '',
      img: '',
      detail_intro: '',
      created_by: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An area through the app's own call, as its owner. */
export async function addArea(t: TestApp, owner: Caller, name: string): Promise<number> {
  const answer = await t.call('/api/v1/u/addArea', { name }, owner.headers);
  if (answer.rcode !== 0) throw new Error(`addArea: ${answer.msg}`);
  return (answer.result as { _id: number })._id;
}

/** A store through the app's own call, with its refund mode. */
export async function addStore(
  t: TestApp,
  owner: Caller,
  areaId: number,
  name: string,
  refundMode: 'auto' | 'manual' = 'auto',
): Promise<number> {
  const answer = await t.call(
    '/api/v1/u/addStore',
    { name, area: areaId, refund_mode: refundMode },
    owner.headers,
  );
  if (answer.rcode !== 0) throw new Error(`addStore: ${answer.msg}`);
  return (answer.result as { _id: number })._id;
}

/** A bound, online vending machine in a store, its shelves priced 300 with goods, written into the tables. */
export async function standingMachine(
  t: TestApp,
  owner: Caller,
  input: {
    sn: string;
    areaId: number | null;
    storeId: number | null;
    goods: number[];
    quantity?: number;
    type?: string;
  },
) {
  const made = await addMachine(t, {
    merchantId: owner.merchantId,
    sn: input.sn,
    areaId: input.areaId,
    storeId: input.storeId,
    shelves: input.goods.map((goodsId, i) => ({
      channel_sn: i + 1,
      goods_id: goodsId,
      quantity: input.quantity ?? 10,
      capacity: 20,
    })),
  });
  if (input.type) {
    await t.db.kysely.updateTable('devices').set({ type: input.type }).where('sn', '=', input.sn).execute();
  }
  return made;
}

/**
 * A new machine bound into a store with its simulator online on the test gateway, shelf 1 holding `goodsId`
 * (5 of 10, price 300) once the machine has taken its shelves. The simulator is pushed onto `sims` to stop.
 */
export async function sellingMachine(
  t: TestApp,
  gateway: { url: string },
  owner: Caller,
  o: {
    store: number;
    goodsId: number;
    sims: SimMachine[];
    type?: ProvisionedDevice['type'];
    sim?: Partial<SimMachineOptions>;
  },
): Promise<{ device: ProvisionedDevice; sim: SimMachine }> {
  const call = (path: string, body: unknown) => t.call(path, body, owner.headers);
  const [device] = (await provision(t, o.type ?? 'vm')) as [ProvisionedDevice];
  await bind(t, owner.user, device);
  ok(await call('/api/v1/d/editDev', { sn: device.sn, store_id: o.store }));
  const sim = machine(t, gateway, device, o.sim);
  o.sims.push(sim);
  await sim.start();
  const row = () =>
    t.db.kysely.selectFrom('devices').selectAll().where('sn', '=', device.sn).executeTakeFirstOrThrow();
  await eventually(async () => expect((await row()).shelves_acked_rev).toBe((await row()).shelves_rev));
  const [shelf] = ok<{ data: Array<{ id: number }> }>(
    await call('/api/v1/c/getDevChannel', { sn: device.sn }),
  ).data;
  ok(
    await call('/api/v1/c/setChannelInfo', {
      sn: device.sn,
      id: shelf!.id,
      name: 'Cola',
      price: 300,
      game_price: 100,
      quantity: 5,
      capacity: 10,
      probability: 50,
      goods_id: o.goodsId,
    }),
  );
  await eventually(() => expect(sim.state.shelves.get(1)?.quantity).toBe(5));
  return { device, sim };
}

let eventSeq = 0;

/** A machine event recorded through the devices module's store: the gateway's own entry point. */
export async function machineEvent(
  t: TestApp,
  sn: string,
  event: Omit<MachineEvent, 'v' | 'id' | 'at'> & { id?: string; at?: number },
): Promise<{ id: string; outcome: string }> {
  const id = event.id ?? `test-${Date.now().toString(36)}-${++eventSeq}`;
  const full = { v: PROTOCOL_VERSION, at: t.clock.now, ...event, id } as MachineEvent;
  const outcome = await t.services.devices.events.record(sn, full, t.clock.now);
  return { id, outcome };
}

export function item(
  slot: number,
  delivered = 1,
  fault: DeliveredItem['fault'] = 0,
  quantity = 1,
): DeliveredItem {
  return { slot, quantity, delivered, fault };
}

/** A customer orders from the machine page in WeChat, and pays in the sandbox cashier. */
export async function customerPays(
  t: TestApp,
  sn: string,
  channelSn: number,
  options: { kind?: 'goods' | 'game'; userAgent?: string; pay?: boolean } = {},
) {
  const created = await t.call(
    '/p/v1/buy/createOrder',
    { sn, channel_sn: channelSn, kind: options.kind ?? 'goods' },
    { 'user-agent': options.userAgent ?? WECHAT_UA },
  );
  if (created.rcode !== 0) throw new Error(`createOrder: ${created.msg}`);
  const order = created.result as { order_no: string; token: string; pay_url: string; amount: number };
  const tx = order.pay_url.split('/').pop()!;
  if (options.pay !== false) {
    const paid = await t.call('/p/v1/sandboxPay/pay', { tx, action: 'pay' });
    if (paid.rcode !== 0) throw new Error(`pay: ${paid.msg}`);
  }
  return { ...order, tx };
}

/** Lets the sandbox's notifications, the vends they start and the refunds they cause run to their end. */
export async function settle(t: TestApp): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.services.orders.sandbox!.flush();
    await t.services.orders.idle();
  }
}

/** An order written as a raw insert (as the benchmark seeds them): the triggers note it like any other. */
export async function rawOrder(
  t: TestApp,
  merchantId: number,
  orderNo: string,
  o: Pick<
    Insertable<OrdersTable>,
    | 'store_id'
    | 'area_id'
    | 'client'
    | 'status'
    | 'amount'
    | 'refund_fee'
    | 'cost_price'
    | 'created_at'
    | 'paid_at'
  > &
    Partial<Pick<Insertable<OrdersTable>, 'sn' | 'vend_at'>>,
): Promise<number> {
  const row = await t.db.kysely
    .insertInto('orders')
    .values({
      sn: '70001',
      ...o,
      order_no: orderNo,
      merchant_id: merchantId,
      device_type: 'vm',
      kind: 'goods',
      source: 'machine',
      updated_at: o.created_at,
      refund_reserved: 0,
      merchant_order: '',
      payer: '',
      cardno: '',
      goods_err: '',
      game_result: '',
      plays: 0,
      remarks: '',
      vend_attempts: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function orderRow(t: TestApp, orderNo: string) {
  return t.db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
}

/**
 * Machines without a broker: vends and plays are answered at once and their delivery (or game) report goes
 * through the devices module's event store, like a quick machine's would. Answers a restore function.
 */
export function virtualMachines(
  t: TestApp,
  behave: { fault?: () => DeliveredItem['fault']; win?: () => boolean; report?: () => boolean } = {},
): () => void {
  const commander = t.services.devices.commander;
  const original = commander.run.bind(commander);
  const patched = async (device: { sn: string }, name: string, args: Record<string, unknown>) => {
    if (name === 'vend') {
      const vend = args as {
        order: string;
        payment: string;
        items: Array<{ slot: number; quantity: number }>;
      };
      const fault = behave.fault?.() ?? 0;
      const items = vend.items.map((i) => ({ ...i, delivered: fault === 0 ? i.quantity : 0, fault }));
      if (behave.report?.() ?? true) {
        await machineEvent(t, device.sn, {
          type: 'delivery',
          data: { order: vend.order, payment: vend.payment as 'wechat', items },
        });
      }
      return { status: 'acked', result: { items }, latencyMs: 1 };
    }
    if (name === 'play') {
      const play = args as { order: string; plays: number; slot?: number };
      const win = behave.win?.() ?? false;
      await machineEvent(t, device.sn, {
        type: 'game',
        data: {
          order: play.order,
          result: win ? 'win' : 'lose',
          plays: play.plays,
          ...(win && play.slot ? { prize: item(play.slot) } : {}),
        },
      });
      return { status: 'acked', result: {}, latencyMs: 1 };
    }
    return { status: 'acked', result: {}, latencyMs: 1 };
  };
  (commander as unknown as { run: typeof patched }).run = patched;
  return () => {
    (commander as unknown as { run: typeof original }).run = original;
  };
}

let roleSeq = 0;

/** A role with these permission codes, given to a staff member (through the staff calls and the table). */
export async function grantRole(t: TestApp, owner: Caller, staff: Caller, codes: number[]): Promise<void> {
  const answer = await t.call(
    '/api/v1/a/addRole',
    { name: `role ${++roleSeq} ${codes.join(' ')}`.slice(0, 30), note: 'test', permissions: codes },
    owner.headers,
  );
  if (answer.rcode !== 0) throw new Error(`addRole: ${answer.msg}`);
  const { roleid } = answer.result as { roleid: number };
  await t.db.kysely.updateTable('users').set({ role_id: roleid }).where('id', '=', staff.userId).execute();
}
