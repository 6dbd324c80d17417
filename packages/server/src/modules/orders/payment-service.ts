import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { PayChannel, PaymentProvider, PaymentState } from '../../integrations/payments/payment-provider';
import type { Background } from '../devices/background';
import { saleDay, type MerchantZones } from './merchant-zones';
import type { MoneyMovements } from './money-movements';
import { orderPaidEvent } from './order-events';
import { STATUS, UNPAID_CLOSE_MS, VEND_WINDOW_MS } from './order-lifecycle';
import type { OrderRepository } from './order-repository';
import type { OrderRow } from './order-tables';
import type { RefundService } from './refund-service';
import type { SaleOffers } from './sale-offers';
import type { VendService } from './vend-service';

export interface PaymentDeps {
  db: Kysely<Database>;
  repo: OrderRepository;
  provider: PaymentProvider;
  vend: VendService;
  refunds: RefundService;
  background: Background;
  zones: MerchantZones;
  clock: () => number;
  log: GatewayLog;
  /** The funds ledger, told of every confirmed payment in its transaction. */
  money?: MoneyMovements;
  /** The marketing offers, told of every confirmed payment and every closed unpaid order in its transaction. */
  offers?: SaleOffers;
}

export type ConfirmOutcome = 'confirmed' | 'late' | 'duplicate' | 'mismatch' | 'unknown';

/**
 * Payments coming in: the channel's signed notifications, and our own questions when they do not come. Either
 * way confirm() makes an order paid exactly once (a guarded update from status 0), then starts its vend.
 */
export class PaymentService {
  constructor(private readonly d: PaymentDeps) {}

  /** A notification; true answers the channel SUCCESS (it stops sending), false FAIL (it tries again). */
  async onNotification(
    channel: PayChannel,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<boolean> {
    const notice = this.d.provider.parseNotification(channel, headers, rawBody);
    if (!notice) {
      this.d.log.warn({ channel }, 'payment notification refused: bad signature or body');
      return false;
    }
    if (notice.type === 'refund') {
      await this.d.refunds.onNotice(notice);
      return true;
    }
    if (notice.state !== 'paid') return true;
    const outcome = await this.confirm(notice);
    if (outcome === 'mismatch' || outcome === 'unknown') {
      this.d.log.error({ channel, order: notice.outTradeNo, outcome }, 'payment notification does not match');
    }
    return outcome !== 'mismatch';
  }

  /** The channel says this order is paid: once, and only for the amount asked. */
  async confirm(state: PaymentState): Promise<ConfirmOutcome> {
    const now = this.d.clock();
    const result = await this.d.db
      .transaction()
      .execute(async (trx): Promise<{ outcome: ConfirmOutcome; refund: boolean }> => {
        const order = await this.d.repo.lock(trx, { orderNo: state.outTradeNo });
        if (!order || order.source !== 'customer') return { outcome: 'unknown', refund: false };
        if (state.amount !== order.amount) return { outcome: 'mismatch', refund: false };
        if (order.status !== STATUS.awaitingPayment) return { outcome: 'duplicate', refund: false };
        // Paid after we gave up on it (closed, or the customer long gone): it does not vend.
        const late = order.closed_at !== null || now - order.created_at > VEND_WINDOW_MS;
        const paidAt = state.paidAt ?? now;
        const paid = {
          status: late ? STATUS.deliveryFailed : STATUS.paid,
          paid_at: paidAt,
          sale_day: saleDay(paidAt, await this.d.zones.of(trx, order.merchant_id)),
          merchant_order: state.transactionId,
          payer: state.payer.slice(0, 128),
          goods_err: late ? 'paymentLate' : '',
          finished_at: late ? now : null,
          updated_at: now,
        };
        const moved = await this.d.repo.transition(trx, order.id, [STATUS.awaitingPayment], paid);
        if (!moved) return { outcome: 'duplicate', refund: false };
        await this.d.money?.paid(trx, { ...order, ...paid });
        await this.d.offers?.paid(trx, { ...order, ...paid });
        if (!late) {
          await orderPaidEvent(trx, { ...order, ...paid }, now);
          return { outcome: 'confirmed', refund: false };
        }
        await orderPaidEvent(trx, { ...order, ...paid }, now);
        const fresh = await this.d.repo.findById(order.id, trx);
        const refund = fresh ? await this.d.refunds.autoRefund(trx, fresh, fresh.amount, now) : false;
        return { outcome: 'late', refund };
      });
    if (result.outcome === 'confirmed') this.startVend(state.outTradeNo);
    if (result.refund) this.d.refunds.kick();
    return result.outcome;
  }

  /** Asks the channel about an unpaid order (its notification is late or lost); closes it when too old. */
  async query(order: OrderRow): Promise<void> {
    const now = this.d.clock();
    await this.d.repo.update(this.d.db, order.id, { query_at: now });
    const channel = order.client as PayChannel;
    const state = await this.d.provider.queryPayment(channel, order.order_no).catch(() => null);
    if (state?.state === 'paid') {
      await this.confirm(state);
      return;
    }
    if (state?.state === 'closed' || (!state && now - order.created_at > UNPAID_CLOSE_MS)) {
      await this.close(order, now);
      return;
    }
    if (now - order.created_at > UNPAID_CLOSE_MS) {
      await this.d.provider.closePayment(channel, order.order_no).catch(() => undefined);
      // Paid in the very moment before the close: the channel says so now.
      const after = await this.d.provider.queryPayment(channel, order.order_no).catch(() => null);
      if (after?.state === 'paid') await this.confirm(after);
      else await this.close(order, now);
    }
  }

  /** Gives up on an unpaid order (once: the offers hear of it once, e.g. a held coupon goes back). */
  async close(order: OrderRow, now: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('orders')
        .set({ closed_at: now, updated_at: now })
        .where('id', '=', order.id)
        .where('status', '=', STATUS.awaitingPayment)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 0) return;
      const fresh = await this.d.repo.findById(order.id, trx);
      if (fresh) await this.d.offers?.closed(trx, fresh);
    });
  }

  private startVend(orderNo: string): void {
    this.d.background.run(() => this.d.vend.start(orderNo));
  }
}
