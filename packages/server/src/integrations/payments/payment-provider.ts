/**
 * A payment service provider (WeChat Pay, Alipay) as the orders module uses it. The shapes follow what both
 * channels offer: a payment is created for our order number (out_trade_no) and paid in the channel's cashier;
 * the channel tells us asynchronously with a signed notification (late, repeated, or never — then we ask it);
 * refunds are accepted first and confirmed later (or fail), deduplicated by our refund number (out_refund_no).
 */
export type PayChannel = 'wechat' | 'alipay';

export interface CreatePaymentInput {
  channel: PayChannel;
  outTradeNo: string;
  amount: number;
  description: string;
  /** Where the browser returns after the cashier. */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The channel's transaction number. */
  transactionId: string;
  /** The cashier the customer's browser opens. */
  payUrl: string;
}

export interface PaymentState {
  channel: PayChannel;
  outTradeNo: string;
  transactionId: string;
  amount: number;
  state: 'pending' | 'paid' | 'closed';
  /** The payer's id at the channel (open id). */
  payer: string;
  paidAt: number | null;
}

export interface RefundInput {
  channel: PayChannel;
  outTradeNo: string;
  outRefundNo: string;
  amount: number;
  reason: string;
}

/** Accepted (confirmed later) or refused at once. */
export type RefundSubmitted =
  | { state: 'processing'; refundId: string }
  | { state: 'success'; refundId: string }
  | { state: 'failed'; reason: string };

export interface RefundState {
  outRefundNo: string;
  refundId: string;
  state: 'processing' | 'success' | 'failed';
  reason: string;
  finishedAt: number | null;
}

/** What a verified notification says. */
export type PaymentNotice = ({ type: 'payment' } & PaymentState) | ({ type: 'refund' } & RefundState);

export interface PaymentProvider {
  readonly name: string;
  /** A simulation: every customer page and the app label it so. */
  readonly sandbox: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Verifies a notification's signature and reads it. Null when the signature, the timestamp or the body is
   * wrong: such a notification changes nothing.
   */
  parseNotification(
    channel: PayChannel,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentNotice | null;
  /** Null when the channel does not know the order. */
  queryPayment(channel: PayChannel, outTradeNo: string): Promise<PaymentState | null>;
  /** No payment can happen after this (an unpaid order that timed out). */
  closePayment(channel: PayChannel, outTradeNo: string): Promise<void>;
  /** Idempotent on outRefundNo: asking again answers the same refund. */
  refund(input: RefundInput): Promise<RefundSubmitted>;
  queryRefund(channel: PayChannel, outRefundNo: string): Promise<RefundState | null>;
}

/** Which channel a browser pays with: WeChat's in-app browser, Alipay's, or neither (the page asks). */
export function channelOfUserAgent(userAgent: string): PayChannel | undefined {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/AlipayClient|AliApp/i.test(userAgent)) return 'alipay';
  return undefined;
}
