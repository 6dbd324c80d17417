import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { recordEvent } from '../events/event-outbox';
import type { OrderRow, RefundRow } from './order-tables';

/*
 * The orders' events (issue 20, docs/webhooks.md): written through the events outbox inside the transaction of the
 * change they report, last in it. One line in each service that makes the change.
 */

/** A customer's payment was confirmed. */
export function orderPaidEvent(trx: Kysely<Database>, order: OrderRow, at: number): Promise<number> {
  return recordEvent(trx, {
    merchantId: order.merchant_id,
    type: 'order.paid',
    storeId: order.store_id,
    data: {
      order_no: order.order_no,
      sn: order.sn,
      store_id: order.store_id,
      amount: order.amount,
      client: order.client,
      paid_at: order.paid_at ?? at,
    },
    at,
  });
}

/** A paid order turned abnormal: its delivery failed (4) or the machine never answered (5). */
export function orderAbnormalEvent(
  trx: Kysely<Database>,
  order: Pick<OrderRow, 'merchant_id' | 'order_no' | 'sn' | 'store_id' | 'amount'>,
  status: 4 | 5,
  fault: string,
  at: number,
): Promise<number> {
  return recordEvent(trx, {
    merchantId: order.merchant_id,
    type: 'order.abnormal',
    storeId: order.store_id,
    data: {
      order_no: order.order_no,
      sn: order.sn,
      store_id: order.store_id,
      amount: order.amount,
      status,
      fault,
    },
    at,
  });
}

/** A refund finished: succeeded, or failed with the channel's reason. */
export async function refundEvent(
  trx: Kysely<Database>,
  refund: RefundRow,
  order: OrderRow,
  outcome: { succeeded: true } | { succeeded: false; reason: string },
  at: number,
): Promise<void> {
  const data = {
    refund_id: refund.id,
    order_no: order.order_no,
    sn: order.sn,
    store_id: order.store_id,
    amount: refund.amount,
    kind: refund.kind,
    at,
  };
  const base = { merchantId: order.merchant_id, storeId: order.store_id, at };
  if (outcome.succeeded) await recordEvent(trx, { ...base, type: 'refund.succeeded', data });
  else await recordEvent(trx, { ...base, type: 'refund.failed', data: { ...data, reason: outcome.reason } });
}
