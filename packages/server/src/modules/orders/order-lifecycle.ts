import type { RefundKind } from '@vendo/contract/enums';

/*
 * The order statuses of spec §4 and how an order moves between them (docs/orders.md has the diagram).
 * Everything here is a pure rule; the services apply them with guarded updates so that two processes, a
 * repeated notification or a resent machine event can never apply one twice.
 */

export const STATUS = {
  /** Created on the purchase page, waiting for the payment channel. Never listed in bills. */
  awaitingPayment: 0,
  /** Paid; the vend is being sent to the machine (abnormal once it stays here past the answer time). */
  paid: 1,
  /** The machine took the vend (or the play); waiting for its delivery or game report. */
  vending: 2,
  delivered: 3,
  deliveryFailed: 4,
  /** Paid, and no result from the machine within the answer time. */
  noResult: 5,
  gameWon: 6,
  gameLost: 7,
  autoRefund: 8,
  manualRefund: 9,
  partialAutoRefund: 10,
  partialManualRefund: 11,
  refunding: 99,
} as const;

/** Statuses a machine's report may still settle: paid, vending, and the timed-out (a late report wins). */
export const AWAITING_RESULT: readonly number[] = [STATUS.paid, STATUS.vending, STATUS.noResult];

/** What /b/replaceGoods may vend again: abnormal and failed deliveries. */
export const REPLACEABLE: readonly number[] = [
  STATUS.paid,
  STATUS.vending,
  STATUS.deliveryFailed,
  STATUS.noResult,
];

/** How long the machine has to report before a paid order turns abnormal (status 5). */
export const DEFAULT_ABNORMAL_AFTER_MS = 120_000;
/** A payment confirmed later than this after the order was made does not vend: the customer has gone. */
export const VEND_WINDOW_MS = 10 * 60_000;
/** Unpaid orders are closed (and their payment with them) after this. */
export const UNPAID_CLOSE_MS = 15 * 60_000;

/** Payments that went through a payment channel (and are refunded through it). */
export const CHANNEL_CLIENTS: readonly string[] = ['wechat', 'alipay'];

export interface ItemResult {
  quantity: number;
  delivered: number;
  fault: string | number;
}

/** A delivery succeeded when every item came out in full without a fault; else the first fault is the error. */
export function deliveryOutcome(items: readonly ItemResult[]): { status: 3 | 4; fault: string } {
  const failed = items.find(
    (i) => i.delivered < i.quantity || (i.fault !== 0 && i.fault !== '' && i.fault !== '0'),
  );
  if (!failed) return { status: STATUS.delivered, fault: '' };
  const fault =
    failed.fault === 0 || failed.fault === '' || failed.fault === '0' ? 'noResult' : String(failed.fault);
  return { status: STATUS.deliveryFailed, fault };
}

/**
 * The status once no refund is in flight: full refunds read 8 (automatic) or 9 (manual), partial ones 10 or 11,
 * by the kind of the latest successful refund; with nothing refunded, the status before the refunds.
 */
export function statusAfterRefunds(
  order: {
    amount: number;
    refund_fee: number;
    pre_refund_status: number | null;
    status: number;
  },
  lastSuccessKind: RefundKind | null,
): number {
  if (order.refund_fee <= 0 || lastSuccessKind === null) {
    return order.status === STATUS.refunding ? (order.pre_refund_status ?? STATUS.delivered) : order.status;
  }
  const auto = lastSuccessKind === 'auto';
  if (order.refund_fee >= order.amount) return auto ? STATUS.autoRefund : STATUS.manualRefund;
  return auto ? STATUS.partialAutoRefund : STATUS.partialManualRefund;
}

/** The order a machine's vend or delivery names: replacement vends carry '.r<attempt>' after the order number. */
export function baseOrderNo(vendOrder: string): string {
  const m = /^(.+)\.r\d+$/.exec(vendOrder);
  return m?.[1] ?? vendOrder;
}
