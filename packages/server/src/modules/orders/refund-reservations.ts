import type { Kysely } from 'kysely';
import type { RefundKind } from '@vendo/contract/enums';
import type { Database } from '../../db/database';
import { CHANNEL_CLIENTS, STATUS } from './order-lifecycle';
import type { OrderNumbers } from './order-numbers';
import type { OrderRepository } from './order-repository';
import type { OrderRow } from './order-tables';

/** Whether a refund of this order goes back through a payment channel (the channel holds the money). */
export function throughChannel(order: OrderRow): boolean {
  return CHANNEL_CLIENTS.includes(order.client) && order.merchant_order !== '';
}

/**
 * A refund's first step, inside the caller's transaction: the amount reserved on the order and the refund
 * stored pending. Sending it to the channel is RefundService's, after the commit. Apart from RefundService so
 * that the machine-event store can make automatic refunds where it runs (the ingest worker, decision 055) with
 * only the orders' rows and numbers.
 */
export class RefundReservations {
  constructor(private readonly d: { repo: OrderRepository; numbers: OrderNumbers }) {}

  /**
   * The automatic refund of a failed delivery, inside the transaction that failed it: when the store refunds
   * automatically and a payment channel holds the money. Answers whether one was reserved (kick() after commit).
   */
  async autoRefund(trx: Kysely<Database>, order: OrderRow, amount: number, now: number): Promise<boolean> {
    if (!throughChannel(order) || amount <= 0) return false;
    if ((await this.d.repo.refundMode(trx, order.store_id)) !== 'auto') return false;
    const fresh = await this.d.repo.lock(trx, { id: order.id });
    if (!fresh) return false;
    const left = fresh.amount - fresh.refund_reserved;
    const refundId = await this.reserve(trx, fresh, {
      amount: Math.min(amount, left),
      kind: 'auto',
      key: `auto:${fresh.order_no}:${fresh.vend_attempts}`,
      userId: null,
      remarks: '',
      now,
    });
    return refundId !== null;
  }

  /**
   * Stores a refund and reserves its amount; the order reads 99 refunding while it is in flight. Null when the
   * order has not that much left, or the key was used.
   */
  async reserve(
    trx: Kysely<Database>,
    order: OrderRow,
    r: { amount: number; kind: RefundKind; key: string; userId: number | null; remarks: string; now: number },
  ): Promise<number | null> {
    if (r.amount <= 0) return null;
    if (!(await this.d.repo.reserveRefund(trx, order.id, r.amount, r.now))) return null;
    const id = await this.d.repo.insertRefund(trx, {
      refund_no: this.d.numbers.next(r.now, 'RF'),
      merchant_id: order.merchant_id,
      order_id: order.id,
      amount: r.amount,
      kind: r.kind,
      status: 'pending',
      idem_key: r.key,
      user_id: r.userId,
      remarks: r.remarks,
      provider_refund_id: '',
      fail_reason: '',
      claim_at: null,
      query_at: null,
      created_at: r.now,
      updated_at: r.now,
      finished_at: null,
    });
    if (id === null) {
      // The key was taken meanwhile: give the reservation back; the caller answers the first refund.
      await this.d.repo.releaseRefund(trx, order.id, r.amount, r.now);
      return null;
    }
    await this.d.repo.update(trx, order.id, {
      status: STATUS.refunding,
      pre_refund_status: order.status === STATUS.refunding ? order.pre_refund_status : order.status,
      updated_at: r.now,
    });
    return id;
  }
}
