import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/create-db';

/*
 * What the rows must say after a run with faults (kill-scenario.ts), recomputed here from the raw rows with SQL of
 * its own — not through the product's services — so a fault that corrupted a total and the code that reads it
 * cannot agree by accident:
 * - every cash sale the machine made is one order, no other machine order exists, every event is stored once;
 * - every customer order the test was answered exists; every payment the channel took is one paid order and one
 *   ledger entry of its amount, and no order is paid that the channel did not take;
 * - each order's refund_fee is the sum of its successful refunds, each successful refund one ledger entry;
 *   the ledger's balance is what was paid less what was refunded;
 * - stock: one write-off per unit that left the shelf, the shelf and the goods' sold count say the same, and the
 *   machine holds what the server thinks it holds;
 * - the analytics rollups (sales_hours, sales_days, sales_device_days, goods_hours, goods_days, each with the deltas
 *   not folded yet) and the bill totals (order_stats per merchant by the hour, with order_stat_deltas) equal a
 *   GROUP BY over the orders and their items.
 */

export interface Discrepancy {
  check: string;
  detail: string;
}

export interface Expected {
  sn: string;
  cashEventIds: string[];
  customerOrders: string[];
  shelfStart: number;
  /** The machine's own count of shelf 1. */
  machineShelf: number;
}

type Grouped = Map<string, Record<string, number>>;

export async function checkAgainstRawRows(
  db: Db,
  e: Expected,
): Promise<{ discrepancies: Discrepancy[]; rows: Record<string, number> }> {
  const out: Discrepancy[] = [];
  const fail = (check: string, detail: string) => out.push({ check, detail });
  const rows = async <R>(query: RawBuilder<R>): Promise<R[]> => (await query.execute(db.kysely)).rows;
  const num = (v: unknown) => Number(v ?? 0);

  // Machine sales: each event id one order; none lost, none doubled, none invented.
  const machineOrders = await rows(
    sql<{ event_id: string | null; n: unknown }>`select event_id, count(*) as n from orders
      where sn = ${e.sn} and source = 'machine' group by event_id`,
  );
  const byEvent = new Map(machineOrders.map((r) => [r.event_id ?? '', num(r.n)]));
  const lostSales = e.cashEventIds.filter((id) => !byEvent.has(id));
  if (lostSales.length)
    fail('lost machine sales', `${lostSales.length}: ${lostSales.slice(0, 3).join(', ')}`);
  const doubled = machineOrders.filter((r) => num(r.n) > 1);
  if (doubled.length) fail('doubled machine sales', doubled.map((r) => r.event_id).join(', '));
  const cash = new Set(e.cashEventIds);
  const unknown = machineOrders.filter((r) => !cash.has(r.event_id ?? ''));
  if (unknown.length) fail('machine orders from no sale', unknown.map((r) => r.event_id).join(', '));
  const events = await rows(
    sql<{ event_id: string; n: unknown }>`select event_id, count(*) as n from device_events
      where sn = ${e.sn} group by event_id having count(*) > 1`,
  );
  if (events.length) fail('events stored twice', events.map((r) => r.event_id).join(', '));
  const cashEvents = await rows(
    sql<{ n: unknown }>`select count(*) as n from device_events where sn = ${e.sn} and type = 'cash_sale'`,
  );
  if (num(cashEvents[0]?.n) !== cash.size) {
    fail('cash sale events', `${num(cashEvents[0]?.n)} stored, ${cash.size} made`);
  }

  // Customers and payments.
  const customer = await rows(
    sql<{
      order_no: string;
      paid_at: number | null;
      amount: number;
      refund_fee: number;
      tx_state: string | null;
    }>`select o.order_no, o.paid_at, o.amount, o.refund_fee, tx.state as tx_state
      from orders o left join sandbox_pay_transactions tx on tx.out_trade_no = o.order_no
      where o.sn = ${e.sn} and o.source = 'customer'`,
  );
  const known = new Set(customer.map((r) => r.order_no));
  const missing = e.customerOrders.filter((no) => !known.has(no));
  if (missing.length) fail('lost customer orders', missing.join(', '));
  if (known.size !== customer.length)
    fail('doubled customer orders', `${customer.length} rows, ${known.size} numbers`);
  const unpaid = customer.filter((r) => r.tx_state === 'paid' && r.paid_at === null);
  if (unpaid.length) fail('payments taken, orders not paid', unpaid.map((r) => r.order_no).join(', '));
  const paidWithout = customer.filter((r) => r.tx_state !== 'paid' && r.paid_at !== null);
  if (paidWithout.length)
    fail('orders paid without a payment', paidWithout.map((r) => r.order_no).join(', '));

  const ledger = await rows(
    sql<{ order_no: string; kind: string; n: unknown; amount: unknown }>`select order_no, kind, count(*) as n,
      sum(amount) as amount from ledger_entries where sn = ${e.sn} group by order_no, kind`,
  );
  const ledgerOf = (orderNo: string, kind: string) =>
    ledger.find((r) => r.order_no === orderNo && r.kind === kind);
  const refunds = await rows(
    sql<{ order_no: string; n: unknown; amount: unknown }>`select o.order_no, count(*) as n,
      sum(r.amount) as amount from refunds r join orders o on o.id = r.order_id
      where o.sn = ${e.sn} and r.status = 'success' group by o.order_no`,
  );
  const refundedOf = new Map(refunds.map((r) => [r.order_no, num(r.amount)]));
  let paidTotal = 0;
  let refundedTotal = 0;
  for (const order of customer.filter((r) => r.paid_at !== null)) {
    paidTotal += order.amount;
    const payment = ledgerOf(order.order_no, 'payment');
    if (!payment || num(payment.n) !== 1 || num(payment.amount) !== order.amount) {
      fail(
        'ledger payment',
        `${order.order_no}: ${payment ? `${num(payment.n)} × ${num(payment.amount)}` : 'none'}`,
      );
    }
    const refunded = refundedOf.get(order.order_no) ?? 0;
    refundedTotal += refunded;
    if (order.refund_fee !== refunded) {
      fail('refund_fee', `${order.order_no}: ${order.refund_fee}, refunds say ${refunded}`);
    }
    const booked = -num(ledgerOf(order.order_no, 'refund')?.amount);
    if (booked !== refunded) fail('ledger refund', `${order.order_no}: ${booked}, refunds say ${refunded}`);
  }
  const strays = ledger.filter((r) => !customer.some((c) => c.order_no === r.order_no && c.paid_at !== null));
  if (strays.length) fail('ledger entries of no paid order', strays.map((r) => r.order_no).join(', '));
  const balance = await rows(sql<{ amount: unknown }>`select sum(amount) as amount from ledger_entries`);
  if (num(balance[0]?.amount) !== paidTotal - refundedTotal) {
    fail('ledger balance', `${num(balance[0]?.amount)}, orders say ${paidTotal - refundedTotal}`);
  }

  // Stock: what left the shelf, counted four ways.
  const delivered = num(
    (
      await rows(
        sql<{ n: unknown }>`select sum(i.delivered) as n from order_items i join orders o on o.id = i.order_id
          where o.sn = ${e.sn}`,
      )
    )[0]?.n,
  );
  const writtenOff = num(
    (
      await rows(
        sql<{
          n: unknown;
        }>`select sum(quantity) as n from stock_records where sn = ${e.sn} and stock_type = 3`,
      )
    )[0]?.n,
  );
  if (writtenOff !== delivered) fail('stock write-offs', `${writtenOff}, delivered ${delivered}`);
  const shelf = await rows(
    sql<{ quantity: number; goods_id: number | null }>`select c.quantity, c.goods_id from channels c
      join devices d on d.id = c.device_id where d.sn = ${e.sn} and c.position = 1`,
  );
  if (shelf[0]?.quantity !== e.shelfStart - delivered) {
    fail('shelf quantity', `${shelf[0]?.quantity}, expected ${e.shelfStart} − ${delivered}`);
  }
  if (e.machineShelf !== shelf[0]?.quantity)
    fail('machine shelf', `${e.machineShelf}, server ${shelf[0]?.quantity}`);
  const sold = await rows(
    sql<{ sold: number }>`select sold from goods where id = ${shelf[0]?.goods_id ?? -1}`,
  );
  if (num(sold[0]?.sold) !== delivered) fail('goods sold', `${num(sold[0]?.sold)}, delivered ${delivered}`);

  // Rollups and bill totals against the orders.
  const rawSales = await grouped(
    db,
    sql`select status, client, count(*) as n, sum(amount) as amount, sum(refund_fee) as refund_fee,
      sum(cost_price) as cost_price from orders
      where sale_day is not null and paid_at is not null and amount > 0 group by status, client`,
  );
  for (const rollup of ['sales_hours', 'sales_days', 'sales_device_days']) {
    const kept = await grouped(
      db,
      sql`select status, client, sum(n) as n, sum(amount) as amount, sum(refund_fee) as refund_fee,
        sum(cost_price) as cost_price from (
          select status, client, n, amount, refund_fee, cost_price from ${sql.table(rollup)}
          union all
          select status, client, n, amount, refund_fee, cost_price from sales_deltas
        ) k group by status, client`,
    );
    compare(`rollup ${rollup}`, rawSales, kept, fail);
  }
  const rawBills = await grouped(
    db,
    sql`select status, client, count(*) as n, sum(amount) as amount, sum(refund_fee) as refund_fee,
      sum(cost_price) as cost_price from orders where paid_at is not null group by status, client`,
  );
  const bills = await grouped(
    db,
    sql`select status, client, sum(n) as n, sum(amount) as amount, sum(refund_fee) as refund_fee,
      sum(cost_price) as cost_price from (
        select status, client, n, amount, refund_fee, cost_price from order_stats
          where cut = 0 and grain = 3600000
        union all
        select status, client, n, amount, refund_fee, cost_price from order_stat_deltas
      ) k group by status, client`,
  );
  compare('bill totals (order_stats)', rawBills, bills, fail);
  // Goods rollups: units, each item's share of what the order kept (its price × quantity × (amount − refunds) /
  // amount, truncated per item, as analytics.md defines it) and the cost of what came out.
  const rawGoods = await grouped(
    db,
    sql`select o.status, coalesce(i.goods_id, 0) as goods_id, sum(i.quantity) as n,
      sum(i.price * i.quantity * (o.amount - o.refund_fee) / o.amount) as income,
      sum(i.cost_price * i.delivered) as cost_price
      from orders o join order_items i on i.order_id = o.id
      where o.sale_day is not null and o.paid_at is not null and o.amount > 0
      group by o.status, coalesce(i.goods_id, 0)`,
    'goods_id',
  );
  for (const rollup of ['goods_hours', 'goods_days']) {
    const kept = await grouped(
      db,
      sql`select status, goods_id, sum(n) as n, sum(income) as income, sum(cost_price) as cost_price from (
          select status, goods_id, n, income, cost_price from ${sql.table(rollup)}
          union all
          select status, goods_id, n, income, cost_price from goods_deltas
        ) k group by status, goods_id`,
      'goods_id',
    );
    compare(`rollup ${rollup}`, rawGoods, kept, fail);
  }

  const statusCounts = await rows(
    sql<{ status: number; n: unknown }>`select status, count(*) as n from orders group by status`,
  );
  return {
    discrepancies: out,
    rows: {
      orders: statusCounts.reduce((s, r) => s + num(r.n), 0),
      machineOrders: machineOrders.reduce((s, r) => s + num(r.n), 0),
      customerOrders: customer.length,
      paidCustomerOrders: customer.filter((r) => r.paid_at !== null).length,
      refunds: refunds.reduce((s, r) => s + num(r.n), 0),
      ledgerEntries: ledger.reduce((s, r) => s + num(r.n), 0),
      delivered,
      ...Object.fromEntries(statusCounts.map((r) => [`status${r.status}`, num(r.n)])),
    },
  };
}

/** Rows keyed by status and `by` (client, or goods_id), their sums as numbers (PostgreSQL's sums are text). */
async function grouped(db: Db, query: RawBuilder<unknown>, by = 'client'): Promise<Grouped> {
  const { rows } = await (query as RawBuilder<Record<string, unknown>>).execute(db.kysely);
  const map: Grouped = new Map();
  for (const r of rows) {
    const sums = Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k !== 'status' && k !== by)
        .map(([k, v]) => [k, Number(v)]),
    );
    // Keys whose sums came and went to zero are absent from the orders' side.
    if (Object.values(sums).some((v) => v !== 0)) map.set(`${String(r['status'])}/${String(r[by])}`, sums);
  }
  return map;
}

function compare(
  check: string,
  raw: Grouped,
  kept: Grouped,
  fail: (check: string, detail: string) => void,
): void {
  for (const key of new Set([...raw.keys(), ...kept.keys()])) {
    const a = JSON.stringify(raw.get(key) ?? null);
    const b = JSON.stringify(kept.get(key) ?? null);
    if (a !== b) fail(check, `${key}: orders ${a}, kept ${b}`);
  }
}
