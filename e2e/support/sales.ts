import { DEMO, merchantApi } from './app';
import type { RunningServer } from './server';

/** Stages after which a customer's order no longer moves by itself (api/purchase.ts CUSTOMER_STAGES). */
const SETTLED = ['delivered', 'failed', 'won', 'lost', 'abnormal', 'refunded', 'closed'];

export interface Sale {
  orderNo: string;
  stage: string;
}

async function answer<T>(server: RunningServer, path: string, body: unknown): Promise<T> {
  const reply = await server.call<T>(path, body);
  if (reply.rcode !== 0) throw new Error(`${path}: ${reply.msg}`);
  return reply.result;
}

/**
 * A customer buys once from machine `sn` through its public purchase calls and pays in the sandbox (WeChat), as
 * the machine's QR page does; answers when the order has settled. Waits for the machine to be online with stock
 * first (the demo machines connect once their history is seeded).
 */
export async function sellOnce(server: RunningServer, sn: string): Promise<Sale> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const machine = await answer<{
      online: boolean;
      modes: { goods: boolean; game: boolean };
      shelves: Array<{ channel_sn: number; quantity: number }>;
    }>(server, '/p/v1/buy/getMachine', { sn });
    const shelf = machine.online ? machine.shelves.find((s) => s.quantity > 0) : undefined;
    if (shelf) {
      const order = await answer<{ order_no: string; token: string; pay_url: string }>(
        server,
        '/p/v1/buy/createOrder',
        {
          sn,
          channel_sn: shelf.channel_sn,
          kind: machine.modes.goods ? 'goods' : 'game',
          pay_channel: 'wechat',
        },
      );
      const tx = new URL(order.pay_url, server.url).pathname.split('/').pop() ?? '';
      await answer(server, '/p/v1/sandboxPay/pay', { tx, action: 'pay' });
      for (;;) {
        const state = await answer<{ stage: string }>(server, '/p/v1/buy/getOrder', {
          order_no: order.order_no,
          token: order.token,
        });
        if (SETTLED.includes(state.stage)) return { orderNo: order.order_no, stage: state.stage };
        if (Date.now() > deadline) throw new Error(`order ${order.order_no} stuck at ${state.stage}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    if (Date.now() > deadline) throw new Error(`machine ${sn} did not come online with stock`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A sale the machine delivered, so it can be refunded today. The demo makes some vends fail on purpose (those
 * are refunded by themselves): buys again until one is delivered.
 */
export async function deliveredSale(server: RunningServer, sn: string): Promise<Sale> {
  for (let attempt = 1; ; attempt++) {
    const sale = await sellOnce(server, sn);
    if (sale.stage === 'delivered') return sale;
    if (attempt >= 5) throw new Error(`no delivered sale on ${sn} in ${attempt} tries (last: ${sale.stage})`);
  }
}

/**
 * Waits until the demo's machines are online: they connect once the 90 days of history are seeded, which keeps
 * the server busy at first. Tests that start with the browser wait for it so their first pages are not slowed.
 */
export async function demoMachinesOnline(server: RunningServer): Promise<void> {
  const api = await merchantApi(server, DEMO);
  const devices = await api<{ data: Array<{ sn: string }> }>('/api/v1/d/getDev', {
    pageNum: 1,
    pageSize: 10,
  });
  const deadline = Date.now() + 90_000;
  for (const { sn } of devices.data) {
    while (!(await answer<{ online: boolean }>(server, '/p/v1/buy/getMachine', { sn })).online) {
      if (Date.now() > deadline) throw new Error(`demo machine ${sn} did not come online`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
