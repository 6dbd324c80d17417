import type { GatewayLog } from '../../gateway/machine-ports';
import type { OrderRepository } from './order-repository';
import type { OrderStats } from './order-stats';
import type { PaymentService } from './payment-service';
import type { RefundService } from './refund-service';
import type { VendService } from './vend-service';
import { logFault } from '../../platform/database-faults';

export interface OrderJobsDeps {
  repo: OrderRepository;
  payments: PaymentService;
  vend: VendService;
  refunds: RefundService;
  stats: OrderStats;
  /** Other totals kept from order changes by triggers (the analytics rollups), folded in the same step. */
  folds?: ReadonlyArray<{ compact(): Promise<number> }>;
  clock: () => number;
  abnormalAfterMs: number;
  log: GatewayLog;
}

/** An unpaid order is asked about once its notification is this late, and again this often. */
const ASK_AFTER_MS = 10_000;
/** A paid order whose vend never went out (its process died in between) is sent after this. */
const RESEND_AFTER_MS = 5_000;
/** Refunds made this long ago and still pending lost their process: they are sent again. */
const REFUND_PENDING_MS = 2_000;
/** Accepted refunds are asked about this often until they end. */
const REFUND_ASK_EVERY_MS = 5_000;

export interface JobReport {
  asked: number;
  resent: number;
  /** Busy retries found due (a restart resumes the waits of the process before). */
  retried: number;
  abnormal: number;
  refundsSent: number;
  refundsAsked: number;
  /** Changes folded into the daily totals. */
  folded: number;
}

/**
 * What nobody asks for: payments whose notification never came, vends lost in a crash, busy machines to ask
 * again (whichever process was waiting for them), orders the machine never answered (5, abnormal), refunds to
 * send again and to follow, changes to fold into the daily totals. Every step is a guarded update, so the jobs
 * of several server processes may run at once without doing anything twice.
 */
export class OrderJobs {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JobReport> | null = null;

  constructor(private readonly d: OrderJobsDeps) {}

  async tick(): Promise<JobReport> {
    if (this.running) return this.running;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<JobReport> {
    const now = this.d.clock();
    const unpaid = await this.d.repo.unpaid(now - ASK_AFTER_MS, now - ASK_AFTER_MS, 100);
    for (const order of unpaid) await this.d.payments.query(order);
    const unsent = await this.d.repo.unsent(now - RESEND_AFTER_MS, 100);
    for (const order of unsent) await this.d.vend.start(order.order_no);
    const retried = await this.d.vend.resumeDue(now, 100);
    const abnormal = await this.d.repo.markNoResult(now - this.d.abnormalAfterMs, now);
    const refundsSent = await this.d.refunds.dispatchPending(REFUND_PENDING_MS);
    const refundsAsked = await this.d.refunds.pollProcessing(REFUND_ASK_EVERY_MS);
    let folded = await this.d.stats.compact();
    for (const fold of this.d.folds ?? []) folded += await fold.compact();
    return {
      asked: unpaid.length,
      resent: unsent.length,
      retried,
      abnormal,
      refundsSent,
      refundsAsked,
      folded,
    };
  }

  start(everyMs = 2_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => logFault(this.d.log, error, {}, 'order jobs failed'));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
