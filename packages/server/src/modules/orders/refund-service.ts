import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type { RefundAnswer, RefundRecord, refund as refundCall } from '@vendo/contract/api/orders';
import {
  REFUND_STATE_LABELS,
  mayRefund,
  orderStatusText,
  refundEligibility,
  type RefundKind,
  type RefundState,
} from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { checkRefundAmount } from '@vendo/contract/validation';
import type { Database } from '../../db/database';
import type {
  PayChannel,
  PaymentProvider,
  RefundState as ChannelRefund,
} from '../../integrations/payments/payment-provider';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { assertOperSign, scopeOf, storeInScope } from '../../platform/scope';
import type { Background } from '../devices/background';
import type { Body } from '../devices/call-types';
import { STATUS, statusAfterRefunds } from './order-lifecycle';
import type { MoneyMovements } from './money-movements';
import { refundEvent } from './order-events';
import type { SaleOffers } from './sale-offers';
import type { OrderNumbers } from './order-numbers';
import type { OrderRepository } from './order-repository';
import type { OrderRow, RefundRow } from './order-tables';
import { RefundReservations, throughChannel } from './refund-reservations';
import { AuditLog, originOf } from '../audit/audit-log';

/** Two identical refund requests this close together are one request tapped twice. */
export const DOUBLE_TAP_MS = 10_000;
/** A claim on a pending refund that is older than this may be taken over (its process died). */
const CLAIM_STALE_MS = 30_000;

export interface RefundDeps {
  db: Kysely<Database>;
  repo: OrderRepository;
  provider: PaymentProvider;
  background: Background;
  clock: () => number;
  timeZone: string;
  numbers: OrderNumbers;
  /** The funds ledger, told of every successful refund in its transaction. */
  money?: MoneyMovements;
  /** The marketing offers, told of every successful refund in its transaction. */
  offers?: SaleOffers;
}

type RefundBody = Body<typeof refundCall>;

/**
 * Refunds (spec §4 eligibility, §5, §8): automatic ones for failed deliveries, manual ones through the payment
 * channel, and offline ones recorded as made by hand. Every refund first reserves its amount on the order (the
 * sum never exceeds what was paid), is stored under an idempotency key (a retry or a double tap answers the
 * first), and only then goes to the channel, which accepts it and confirms it later, or refuses it.
 */
export class RefundService {
  private readonly reservations: RefundReservations;

  constructor(private readonly d: RefundDeps) {
    this.reservations = new RefundReservations(d);
  }

  // -------------------------------------------------------------------------------------------------------
  // Requests from the app

  async request(
    auth: AuthContext,
    body: RefundBody,
    kind: 'manual' | 'offline',
    locale: Locale,
  ): Promise<CallResult<typeof refundCall>> {
    const now = this.d.clock();
    assertOperSign(auth, body.sign, now);
    const scope = await scopeOf(this.d.db, auth);
    const found = await this.d.repo.findByNo(body.orderno);
    if (!found || found.merchant_id !== scope.merchantId || !storeInScope(scope, found.store_id)) {
      throw new AppError(RCODE.ORDER_NOT_FOUND);
    }
    const timeZone = auth.merchant.time_zone || this.d.timeZone;
    // A refund the same person asked for moments ago with the same amount is the same refund (a double tap).
    const tap = `tap:${body.orderno}:${kind}:${body.part_refund ? body.refund_fee : 'all'}:${auth.user.id}`;
    const window = Math.floor(now / DOUBLE_TAP_MS);
    const keys = body.idempotency_key
      ? [`key:${body.idempotency_key}`]
      : [`${tap}:${window}`, `${tap}:${window - 1}`];
    await this.d.numbers.ready();

    const outcome = await this.d.db.transaction().execute(async (trx) => {
      const order = await this.d.repo.lock(trx, { id: found.id });
      if (!order) throw new AppError(RCODE.ORDER_NOT_FOUND);
      const same = await this.d.repo.refundByKeys(trx, scope.merchantId, keys);
      if (same && (body.idempotency_key || same.created_at >= now - DOUBLE_TAP_MS)) {
        if (same.order_id !== order.id) throw new AppError(RCODE.ORDER_NOT_FOUND);
        return { refundId: same.id, created: false };
      }
      if (order.status === STATUS.awaitingPayment) throw new AppError(RCODE.ORDER_NOT_PAID);
      const eligibility = refundEligibility({
        client: order.client,
        orderTime: order.paid_at ?? order.created_at,
        now,
        timeZone,
      });
      if (eligibility === 2) throw new AppError(RCODE.REFUND_NOT_SAME_DAY);
      if (eligibility === 3) throw new AppError(RCODE.REFUND_CASH_SALE);
      const left = order.amount - order.refund_reserved;
      const amount = body.part_refund ? (body.refund_fee ?? 0) : left;
      if (checkRefundAmount(amount, left)) throw new AppError(RCODE.REFUND_AMOUNT_INVALID);
      const viaChannel = kind === 'manual' && throughChannel(order);
      const refundId = await this.reservations.reserve(trx, order, {
        amount,
        kind: viaChannel ? 'manual' : kind,
        key: keys[0]!,
        userId: auth.user.id,
        remarks: body.remarks,
        now,
      });
      if (refundId === null) throw new AppError(RCODE.REFUND_AMOUNT_INVALID);
      if (!viaChannel) await this.succeed(trx, refundId, '', now);
      if (body.remarks) {
        const remarks = order.remarks ? `${order.remarks}; ${body.remarks}` : body.remarks;
        await this.d.repo.update(trx, order.id, { remarks: remarks.slice(0, 500) });
      }
      // The refund asked for (its result through the channel comes later, in the refund's own record).
      await new AuditLog(this.d.clock).record(trx, {
        merchantId: scope.merchantId,
        origin: originOf(auth),
        kind: 'refund',
        action: kind,
        target: { type: 'order', id: order.order_no },
        machineSn: order.sn,
        changes: [
          { field: 'refund_fee', before: null, after: amount },
          { field: 'refunded', before: order.refund_reserved, after: order.refund_reserved + amount },
          ...(body.remarks ? [{ field: 'remarks', before: null, after: body.remarks }] : []),
        ],
      });
      return { refundId, created: true };
    });

    if (outcome.created) await this.dispatch(outcome.refundId);
    const refund = await this.d.repo.refundById(outcome.refundId);
    if (!refund) throw new AppError(RCODE.ORDER_NOT_FOUND);
    if (refund.status === 'failed') {
      throw new AppError(RCODE.REFUND_FAILED, { reason: refund.fail_reason || 'SYSTEM_ERROR' });
    }
    return this.answer(refund, locale, timeZone);
  }

  private async answer(refund: RefundRow, locale: Locale, timeZone: string): Promise<RefundAnswer> {
    const order = await this.d.repo.findById(refund.order_id);
    if (!order) throw new AppError(RCODE.ORDER_NOT_FOUND);
    const rows = await this.d.repo.refundsOf([order.id]);
    const [record] = presentRefunds(
      rows.filter((r) => r.id === refund.id),
      locale,
    );
    const eligibility = refundEligibility({
      client: order.client,
      orderTime: order.paid_at ?? order.created_at,
      now: this.d.clock(),
      timeZone,
    });
    return {
      orderno: order.order_no,
      refund: record!,
      order_status: order.status,
      order_status_text: orderStatusText(
        { status: order.status, refund: order.refund_fee, goodsErr: order.goods_err },
        locale,
      ),
      refunded: order.refund_fee,
      refunding: order.refund_reserved - order.refund_fee,
      refundable: mayRefund(eligibility) ? order.amount - order.refund_reserved : 0,
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // Inside other transactions

  /**
   * The automatic refund of a failed delivery, inside the transaction that failed it: when the store refunds
   * automatically and a payment channel holds the money. Answers whether one was reserved (kick() after commit).
   */
  autoRefund(trx: Kysely<Database>, order: OrderRow, amount: number, now: number): Promise<boolean> {
    return this.reservations.autoRefund(trx, order, amount, now);
  }

  // -------------------------------------------------------------------------------------------------------
  // Talking to the payment channel

  /** Sends pending refunds now (after the commit that made them), in the background. */
  kick(): void {
    this.d.background.run(() => this.dispatchPending(0));
  }

  /** Sends pending refunds made before `olderThanMs` ago (the job: refunds whose process died). */
  async dispatchPending(olderThanMs: number): Promise<number> {
    const now = this.d.clock();
    const rows = await this.d.repo.pendingRefunds(now - olderThanMs + 1, now - CLAIM_STALE_MS, 100);
    for (const row of rows) await this.dispatch(row.id);
    return rows.length;
  }

  /** Takes a pending refund and asks the channel; the channel dedups on our refund number. */
  async dispatch(refundId: number): Promise<void> {
    const now = this.d.clock();
    if (!(await this.d.repo.claimRefund(this.d.db, refundId, now, CLAIM_STALE_MS))) return;
    const refund = await this.d.repo.refundById(refundId);
    const order = refund ? await this.d.repo.findById(refund.order_id) : undefined;
    if (!refund || !order) return;
    if (!throughChannel(order)) {
      await this.d.db.transaction().execute((trx) => this.succeed(trx, refund.id, '', this.d.clock()));
      return;
    }
    let answer;
    try {
      answer = await this.d.provider.refund({
        channel: order.client as PayChannel,
        outTradeNo: order.order_no,
        outRefundNo: refund.refund_no,
        amount: refund.amount,
        reason: refund.remarks || (refund.kind === 'auto' ? 'delivery failed' : 'refund'),
      });
    } catch {
      // Unknown outcome: the claim goes stale and the job asks again (the channel dedups the refund number).
      return;
    }
    const at = this.d.clock();
    if (answer.state === 'failed') {
      await this.d.db.transaction().execute((trx) => this.fail(trx, refund.id, answer.reason, at));
    } else if (answer.state === 'success') {
      await this.d.db.transaction().execute((trx) => this.succeed(trx, refund.id, answer.refundId, at));
    } else {
      await this.d.repo.refundTransition(this.d.db, refund.id, ['pending'], {
        status: 'processing',
        provider_refund_id: answer.refundId,
        updated_at: at,
      });
    }
  }

  /** The job: asks the channel how accepted refunds ended. */
  async pollProcessing(everyMs: number): Promise<number> {
    const now = this.d.clock();
    const rows = await this.d.repo.processingRefunds(now - everyMs, 100);
    for (const refund of rows) {
      await this.d.repo.refundTransition(this.d.db, refund.id, ['processing'], { query_at: now });
      const order = await this.d.repo.findById(refund.order_id);
      if (!order) continue;
      const state = await this.d.provider
        .queryRefund(order.client as PayChannel, refund.refund_no)
        .catch(() => null);
      if (state) await this.settle(refund, state);
    }
    return rows.length;
  }

  /** A refund notification from the channel (verified by the caller). */
  async onNotice(state: ChannelRefund): Promise<void> {
    const refund = await this.d.repo.refundByNo(state.outRefundNo);
    if (refund) await this.settle(refund, state);
  }

  private async settle(refund: RefundRow, state: ChannelRefund): Promise<void> {
    if (state.state === 'processing') return;
    const at = state.finishedAt ?? this.d.clock();
    await this.d.db
      .transaction()
      .execute((trx) =>
        state.state === 'success'
          ? this.succeed(trx, refund.id, state.refundId, at)
          : this.fail(trx, refund.id, state.reason, at),
      );
  }

  /** The money went back: counted on the order; its status follows once nothing is in flight. */
  private async succeed(
    trx: Kysely<Database>,
    refundId: number,
    providerId: string,
    at: number,
  ): Promise<void> {
    const refund = await this.d.repo.refundById(refundId, trx);
    if (!refund) return;
    const moved = await this.d.repo.refundTransition(trx, refundId, ['pending', 'processing'], {
      status: 'success',
      ...(providerId ? { provider_refund_id: providerId } : {}),
      finished_at: at,
      updated_at: at,
    });
    if (!moved) return;
    await this.d.repo.addRefunded(trx, refund.order_id, refund.amount, at);
    const order = await this.d.repo.findById(refund.order_id, trx);
    if (order) await this.d.money?.refunded(trx, { ...refund, status: 'success', finished_at: at }, order);
    if (order) await this.d.offers?.refunded(trx, { ...refund, status: 'success', finished_at: at }, order);
    await this.settleOrder(trx, refund.order_id, at);
    if (order) await refundEvent(trx, refund, order, { succeeded: true }, at);
  }

  /** The channel refused or failed it: the reservation is given back. */
  private async fail(trx: Kysely<Database>, refundId: number, reason: string, at: number): Promise<void> {
    const refund = await this.d.repo.refundById(refundId, trx);
    if (!refund) return;
    const moved = await this.d.repo.refundTransition(trx, refundId, ['pending', 'processing'], {
      status: 'failed',
      fail_reason: reason.slice(0, 200),
      finished_at: at,
      updated_at: at,
      // A tap that failed is not one to repeat: the same request again tries again.
      ...(refund.idem_key.startsWith('tap:')
        ? { idem_key: `${refund.idem_key}:failed${refund.id}`.slice(0, 100) }
        : {}),
    });
    if (!moved) return;
    await this.d.repo.releaseRefund(trx, refund.order_id, refund.amount, at);
    await this.settleOrder(trx, refund.order_id, at);
    const order = await this.d.repo.findById(refund.order_id, trx);
    if (order) await refundEvent(trx, refund, order, { succeeded: false, reason: reason.slice(0, 200) }, at);
  }

  private async settleOrder(trx: Kysely<Database>, orderId: number, at: number): Promise<void> {
    const order = await this.d.repo.lock(trx, { id: orderId });
    if (!order || (await this.d.repo.inflightRefunds(trx, orderId)) > 0) return;
    const status = statusAfterRefunds(order, await this.d.repo.lastSuccessKind(trx, orderId));
    if (status !== order.status) await this.d.repo.update(trx, orderId, { status, updated_at: at });
  }
}

/** Refunds as the bills show them. */
export function presentRefunds(
  rows: Array<RefundRow & { username: string | null; nickname: string | null }>,
  locale: Locale,
): RefundRecord[] {
  return rows.map((r) => ({
    refund_no: r.refund_no,
    amount: r.amount,
    kind: r.kind as RefundKind,
    status: r.status as RefundState,
    status_text: REFUND_STATE_LABELS[r.status as RefundState]?.[locale] ?? r.status,
    remarks: r.remarks,
    operator:
      r.user_id !== null
        ? { user_id: r.user_id, username: r.username ?? '', nickname: r.nickname ?? '' }
        : null,
    fail_reason: r.fail_reason,
    create_time: r.created_at,
    finish_time: r.finished_at,
  }));
}
