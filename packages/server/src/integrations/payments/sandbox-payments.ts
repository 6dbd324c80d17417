import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type {
  CreatePaymentInput,
  CreatedPayment,
  PayChannel,
  PaymentNotice,
  PaymentProvider,
  PaymentState,
  RefundInput,
  RefundState,
  RefundSubmitted,
} from './payment-provider';

/**
 * How the sandbox behaves, like the real channels on a bad day. Rates are 0..1.
 * autoNotify false: it notifies only when told (tests hold and replay notifications themselves).
 */
export interface SandboxBehaviour {
  autoNotify: boolean;
  /** A notification arrives this long after the payment (a random time in the range). */
  notifyDelayMs: [number, number];
  /** It arrives twice. */
  duplicateRate: number;
  /** It never arrives: the server must ask (queryPayment). */
  dropRate: number;
  /** An accepted refund is confirmed (or fails) this long after it was asked for. */
  refundDelayMs: number;
  /** Accepted refunds that end failed (the merchant's balance was short). */
  refundFailRate: number;
  /** Refunds refused outright. */
  refundRefuseRate: number;
}

export const DEFAULT_SANDBOX_BEHAVIOUR: SandboxBehaviour = {
  autoNotify: true,
  notifyDelayMs: [200, 2_500],
  duplicateRate: 0.1,
  dropRate: 0.05,
  refundDelayMs: 3_000,
  refundFailRate: 0.02,
  refundRefuseRate: 0,
};

/** Sends a signed notification to the server's notify endpoint; true when it answered SUCCESS. */
export type Notifier = (
  channel: PayChannel,
  headers: Record<string, string>,
  body: string,
) => Promise<boolean>;

export interface SandboxPaymentsOptions {
  db: Kysely<Database>;
  /** The key notifications are signed with (the real channels' platform key). */
  key: string;
  clock: () => number;
  notifier?: Notifier;
  behaviour?: Partial<SandboxBehaviour>;
  random?: () => number;
  onError?: (error: unknown) => void;
}

const SIGNATURE_WINDOW_MS = 10 * 60_000;
const RETRIES_MS = [1_000, 5_000, 15_000];

/**
 * The default payment provider: behaves like WeChat Pay and Alipay (signed asynchronous notifications that come
 * late, twice or never; refunds accepted first and confirmed later, sometimes failing) and keeps its ledger in
 * the database, as a real provider keeps its own, so a server restart does not make paid orders unpaid.
 */
export class SandboxPayments implements PaymentProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  behaviour: SandboxBehaviour;
  /** Counters tests read: how many refunds the "channel" actually made. */
  readonly stats = { refundsCreated: 0, refundCalls: 0, notificationsSent: 0 };
  private notifier: Notifier | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<void>>();
  private stopped = false;
  private readonly random: () => number;

  constructor(private readonly o: SandboxPaymentsOptions) {
    this.behaviour = { ...DEFAULT_SANDBOX_BEHAVIOUR, ...o.behaviour };
    this.notifier = o.notifier;
    this.random = o.random ?? Math.random;
  }

  /** Set once the server's notify endpoint exists. */
  useNotifier(notifier: Notifier): void {
    this.notifier = notifier;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const existing = await this.o.db
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('out_trade_no', '=', input.outTradeNo)
      .executeTakeFirst();
    if (existing) return { transactionId: existing.tx_id, payUrl: checkoutPath(existing.tx_id) };
    const txId = newId(input.channel === 'wechat' ? '42' : '20');
    await this.o.db
      .insertInto('sandbox_pay_transactions')
      .values({
        tx_id: txId,
        channel: input.channel,
        out_trade_no: input.outTradeNo,
        amount: input.amount,
        description: input.description.slice(0, 200),
        notify_url: `/p/v1/pay/notify/${input.channel}`,
        return_url: input.returnUrl.slice(0, 500),
        state: 'pending',
        payer: '',
        created_at: this.o.clock(),
        paid_at: null,
        closed_at: null,
      })
      .execute();
    return { transactionId: txId, payUrl: checkoutPath(txId) };
  }

  /** The checkout page's view of a transaction. */
  async checkout(txId: string) {
    return this.o.db
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('tx_id', '=', txId)
      .executeTakeFirst();
  }

  /**
   * The customer pays in the sandbox cashier: the transaction is paid at once and the server hears of it later
   * (or never). Paying twice changes nothing; a closed payment cannot be paid.
   */
  async pay(
    txId: string,
    payer = `sbx_o${randomBytes(8).toString('hex')}`,
  ): Promise<'paid' | 'closed' | 'unknown'> {
    const now = this.o.clock();
    const updated = await this.o.db
      .updateTable('sandbox_pay_transactions')
      .set({ state: 'paid', paid_at: now, payer })
      .where('tx_id', '=', txId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    const tx = await this.checkout(txId);
    if (!tx) return 'unknown';
    if (Number(updated.numUpdatedRows) > 0)
      this.scheduleNotifications(() => this.paymentNotice(tx.out_trade_no));
    return tx.state === 'paid' ? 'paid' : 'closed';
  }

  /** The customer cancels in the cashier. */
  async cancel(txId: string): Promise<void> {
    await this.o.db
      .updateTable('sandbox_pay_transactions')
      .set({ state: 'closed', closed_at: this.o.clock() })
      .where('tx_id', '=', txId)
      .where('state', '=', 'pending')
      .execute();
  }

  parseNotification(
    channel: PayChannel,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentNotice | null {
    const timestamp = single(headers['x-sandbox-timestamp']);
    const nonce = single(headers['x-sandbox-nonce']);
    const signature = single(headers['x-sandbox-signature']);
    if (!timestamp || !nonce || !signature || !/^\d{1,16}$/.test(timestamp)) return null;
    if (Math.abs(this.o.clock() - Number(timestamp)) > SIGNATURE_WINDOW_MS) return null;
    const expected = this.sign(timestamp, nonce, rawBody);
    const a = Buffer.from(signature);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const notice = body as PaymentNotice;
    if (typeof notice !== 'object' || notice === null) return null;
    if (notice.type === 'payment' && notice.channel !== channel) return null;
    return notice.type === 'payment' || notice.type === 'refund' ? notice : null;
  }

  async queryPayment(_channel: PayChannel, outTradeNo: string): Promise<PaymentState | null> {
    const tx = await this.o.db
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst();
    return tx ? toPaymentState(tx) : null;
  }

  async closePayment(_channel: PayChannel, outTradeNo: string): Promise<void> {
    await this.o.db
      .updateTable('sandbox_pay_transactions')
      .set({ state: 'closed', closed_at: this.o.clock() })
      .where('out_trade_no', '=', outTradeNo)
      .where('state', '=', 'pending')
      .execute();
  }

  async refund(input: RefundInput): Promise<RefundSubmitted> {
    this.stats.refundCalls++;
    const now = this.o.clock();
    const same = await this.findRefund(input.outRefundNo);
    if (same) return submitted(same);
    const tx = await this.o.db
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('out_trade_no', '=', input.outTradeNo)
      .executeTakeFirst();
    if (!tx || tx.state !== 'paid') return { state: 'failed', reason: 'TRADE_NOT_PAID' };
    if (this.random() < this.behaviour.refundRefuseRate) return { state: 'failed', reason: 'SYSTEM_ERROR' };
    const taken = await this.o.db
      .selectFrom('sandbox_pay_refunds')
      .select((eb) => eb.fn.sum<number>('amount').as('sum'))
      .where('out_trade_no', '=', input.outTradeNo)
      .where('final_state', '!=', 'failed')
      .executeTakeFirst();
    if (Number(taken?.sum ?? 0) + input.amount > tx.amount)
      return { state: 'failed', reason: 'AMOUNT_EXCEEDS' };
    const fails = this.random() < this.behaviour.refundFailRate;
    const refundId = newId('50');
    const inserted = await this.o.db
      .insertInto('sandbox_pay_refunds')
      .values({
        refund_id: refundId,
        out_refund_no: input.outRefundNo,
        tx_id: tx.tx_id,
        out_trade_no: input.outTradeNo,
        amount: input.amount,
        state: 'processing',
        final_state: fails ? 'failed' : 'success',
        fail_reason: fails ? 'NOT_ENOUGH_BALANCE' : '',
        created_at: now,
        settle_at: now + this.behaviour.refundDelayMs,
        finished_at: null,
      })
      .onConflict((oc) => oc.column('out_refund_no').doNothing())
      .returning('refund_id')
      .executeTakeFirst();
    if (!inserted) {
      const raced = await this.findRefund(input.outRefundNo);
      return raced ? submitted(raced) : { state: 'failed', reason: 'SYSTEM_ERROR' };
    }
    this.stats.refundsCreated++;
    if (this.behaviour.autoNotify) {
      this.later(this.behaviour.refundDelayMs, async () => {
        const state = await this.queryRefund(tx.channel as PayChannel, input.outRefundNo);
        if (state && state.state !== 'processing')
          await this.send(tx.channel as PayChannel, { type: 'refund', ...state });
      });
    }
    return { state: 'processing', refundId };
  }

  async queryRefund(_channel: PayChannel, outRefundNo: string): Promise<RefundState | null> {
    const row = await this.findRefund(outRefundNo);
    if (!row) return null;
    if (row.state === 'processing' && this.o.clock() >= row.settle_at) {
      await this.o.db
        .updateTable('sandbox_pay_refunds')
        .set({ state: row.final_state, finished_at: row.settle_at })
        .where('refund_id', '=', row.refund_id)
        .where('state', '=', 'processing')
        .execute();
      return toRefundState({ ...row, state: row.final_state, finished_at: row.settle_at });
    }
    return toRefundState(row);
  }

  /** A payment notification for an order, signed now: tests send it (as often, and as late, as they like). */
  async paymentNotice(
    outTradeNo: string,
  ): Promise<{ channel: PayChannel; headers: Record<string, string>; body: string } | null> {
    const tx = await this.queryPayment('wechat', outTradeNo);
    if (!tx || tx.state !== 'paid') return null;
    return this.signed(tx.channel, { type: 'payment', ...tx });
  }

  /** Signs a body as the channel would (tests forge bodies with it, then break the signature). */
  signed(
    channel: PayChannel,
    notice: PaymentNotice,
  ): { channel: PayChannel; headers: Record<string, string>; body: string } {
    const body = JSON.stringify(notice);
    const timestamp = String(this.o.clock());
    const nonce = randomBytes(12).toString('hex');
    return {
      channel,
      body,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-nonce': nonce,
        'x-sandbox-signature': this.sign(timestamp, nonce, body),
      },
    };
  }

  /** Sends every scheduled notification now and waits for those under way (tests, the demo's history). */
  async flush(): Promise<void> {
    for (let round = 0; round < 20 && (this.timers.size > 0 || this.inflight.size > 0); round++) {
      for (const timer of [...this.timers]) {
        clearTimeout(timer);
        this.timers.delete(timer);
        const run = (timer as unknown as { vendoRun?: () => Promise<void> }).vendoRun;
        if (run) await this.track(run());
      }
      await Promise.allSettled([...this.inflight]);
    }
  }

  /** Stops notifying (the server is closing): scheduled ones are dropped, those under way are waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
  }

  private sign(timestamp: string, nonce: string, body: string): string {
    return createHmac('sha256', this.o.key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex');
  }

  /** Payment notifications: late, sometimes twice, sometimes never; retried when the server does not say SUCCESS. */
  private scheduleNotifications(
    notice: () => Promise<{ channel: PayChannel; headers: Record<string, string>; body: string } | null>,
  ): void {
    const b = this.behaviour;
    if (!b.autoNotify || this.random() < b.dropRate) return;
    const times = this.random() < b.duplicateRate ? 2 : 1;
    for (let i = 0; i < times; i++) {
      const [min, max] = b.notifyDelayMs;
      const delay = min + Math.floor(this.random() * (max - min + 1)) + i * 300;
      this.later(delay, async () => {
        const signed = await notice();
        if (signed) await this.deliver(signed, 0);
      });
    }
  }

  private async send(channel: PayChannel, notice: PaymentNotice): Promise<void> {
    await this.deliver(this.signed(channel, notice), 0);
  }

  private async deliver(
    signed: { channel: PayChannel; headers: Record<string, string>; body: string },
    attempt: number,
  ): Promise<void> {
    if (!this.notifier) return;
    this.stats.notificationsSent++;
    const ok = await this.notifier(signed.channel, signed.headers, signed.body).catch(() => false);
    const retry = RETRIES_MS[attempt];
    if (!ok && retry !== undefined) {
      // A retry is signed again, like the channels do: the timestamp is the time of sending.
      this.later(retry, async () => {
        const notice = JSON.parse(signed.body) as PaymentNotice;
        await this.deliver(this.signed(signed.channel, notice), attempt + 1);
      });
    }
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.stopped) return;
    const guarded = async () => {
      try {
        await run();
      } catch (error) {
        this.o.onError?.(error);
      }
    };
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.track(guarded());
    }, ms);
    timer.unref();
    (timer as unknown as { vendoRun: () => Promise<void> }).vendoRun = guarded;
    this.timers.add(timer);
  }

  private track(run: Promise<void>): Promise<void> {
    this.inflight.add(run);
    void run.finally(() => this.inflight.delete(run));
    return run;
  }

  private findRefund(outRefundNo: string) {
    return this.o.db
      .selectFrom('sandbox_pay_refunds')
      .selectAll()
      .where('out_refund_no', '=', outRefundNo)
      .executeTakeFirst();
  }
}

/** The sandbox cashier page the customer's browser opens. */
export function checkoutPath(txId: string): string {
  return `/sandbox-pay/${txId}`;
}

function toPaymentState(tx: {
  channel: string;
  out_trade_no: string;
  tx_id: string;
  amount: number;
  state: string;
  payer: string;
  paid_at: number | null;
}): PaymentState {
  return {
    channel: tx.channel === 'alipay' ? 'alipay' : 'wechat',
    outTradeNo: tx.out_trade_no,
    transactionId: tx.tx_id,
    amount: Number(tx.amount),
    state: tx.state === 'paid' ? 'paid' : tx.state === 'closed' ? 'closed' : 'pending',
    payer: tx.payer,
    paidAt: tx.paid_at,
  };
}

function toRefundState(row: {
  out_refund_no: string;
  refund_id: string;
  state: string;
  fail_reason: string;
  finished_at: number | null;
}): RefundState {
  const state = row.state === 'success' ? 'success' : row.state === 'failed' ? 'failed' : 'processing';
  return {
    outRefundNo: row.out_refund_no,
    refundId: row.refund_id,
    state,
    reason: state === 'failed' ? row.fail_reason : '',
    finishedAt: state === 'processing' ? null : row.finished_at,
  };
}

function submitted(row: { refund_id: string; state: string; fail_reason: string }): RefundSubmitted {
  if (row.state === 'failed') return { state: 'failed', reason: row.fail_reason };
  return row.state === 'success'
    ? { state: 'success', refundId: row.refund_id }
    : { state: 'processing', refundId: row.refund_id };
}

/** Channel-looking numbers: a prefix and digits. */
function newId(prefix: string): string {
  const digits = BigInt(`0x${randomBytes(10).toString('hex')}`)
    .toString()
    .padStart(24, '0')
    .slice(0, 24);
  return `${prefix}${digits}`;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
