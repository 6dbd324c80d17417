import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type { replaceGoods } from '@vendo/contract/api/orders';
import { GAME_BLACKLIST_DAYS } from '@vendo/contract/constants';
import type { CommandArgs } from '@vendo/contract/device-protocol';
import { faultText, orderStatusText, type Difficulty } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { assertOperSign, scopeOf, storeInScope } from '../../platform/scope';
import type { Background } from '../devices/background';
import type { Body } from '../devices/call-types';
import { readSettings } from '../devices/device-settings';
import type { DeviceRow } from '../devices/device-tables';
import { commandError, type CommandTarget, type MachineOutcome } from '../devices/machine-commander';
import type { MachineShelves } from '../devices/machine-shelves';
import { orderAbnormalEvent } from './order-events';
import { REPLACEABLE, STATUS, VEND_WINDOW_MS } from './order-lifecycle';
import type { OrderRepository } from './order-repository';
import type { OrderRow } from './order-tables';
import type { RefundService } from './refund-service';

/**
 * A machine busy with another vend is asked again this many times, waiting a little longer each time. The wait is
 * kept in the order (`vend_busy`, `vend_retry_at`): a process that stops or dies while waiting leaves it to the
 * order jobs of the next one (or of another process), which send it once.
 */
export const BUSY_RETRIES = 4;
export const BUSY_WAIT_MS = 500;

/** How orders reach machines: the devices module's commander in the server, a simulation for seeded history. */
export interface MachineLink {
  vend(
    device: CommandTarget,
    args: CommandArgs<'vend'>,
    userId: number | null,
  ): Promise<MachineOutcome<'vend'>>;
  play(
    device: CommandTarget,
    args: CommandArgs<'play'>,
    userId: number | null,
  ): Promise<MachineOutcome<'play'>>;
}

export interface VendDeps {
  db: Kysely<Database>;
  repo: OrderRepository;
  machines: Pick<MachineShelves, 'machineBySn' | 'shelfByNumber'>;
  link: MachineLink;
  refunds: RefundService;
  /** Runs the waits for busy machines (closing the app waits for it). */
  background: Background;
  /** Whether a player cleared a game on the merchant's machines since (the 30-day game blacklist). */
  playerClearedSince: (merchantId: number, player: string, since: number) => Promise<boolean>;
  clock: () => number;
}

/**
 * Sends paid orders to their machines: a vend for goods, a play for games. The machine's answer moves the order
 * from 1 (paid) to 2 (vending); its delivery or game report settles it (machine-sales.ts). A machine busy with
 * another vend is asked again (the wait is kept in the order); one that cannot take the vend (offline, refusing,
 * still busy after the retries) fails the order, and the store's refund mode decides the refund; a vend without
 * an answer stays 1 until the abnormal job marks it 5.
 */
export class VendService {
  /** Cancels the waits for busy machines this process keeps (stop()). */
  private readonly waits = new Set<() => void>();
  private stopped = false;

  constructor(private readonly d: VendDeps) {}

  /** After the payment: sends the order's first vend, once, whichever process or job gets here first. */
  async start(orderNo: string): Promise<void> {
    const order = await this.d.repo.findByNo(orderNo);
    if (!order || order.status !== STATUS.paid || order.vend_attempts > 0) return;
    const now = this.d.clock();
    if (!(await this.d.repo.claimVend(this.d.db, order.id, 0, [STATUS.paid], now))) return;
    const claimed: OrderRow = { ...order, vend_attempts: 1, vend_at: now, vend_busy: 0, vend_retry_at: null };
    if (now - order.created_at > VEND_WINDOW_MS) {
      await this.fail(claimed, 'paymentLate');
      return;
    }
    await this.send(claimed);
  }

  /**
   * Sends a busy retry, this process's own after its wait or one the order jobs found due (whoever set it): a
   * conditional update claims it, so it goes out once however many processes find it.
   */
  async retry(order: OrderRow): Promise<void> {
    if (order.vend_retry_at === null) return;
    const now = this.d.clock();
    const taken = { vend_retry_at: null, vend_at: now, updated_at: now };
    if (!(await this.d.repo.stepBusyRetry(this.d.db, order, taken))) return;
    const claimed: OrderRow = { ...order, vend_retry_at: null, vend_at: now };
    // The customer has gone by now (the process was down a long while): nothing is vended to nobody; the busy
    // refusal stands and the order fails (refunded automatically where the store says so).
    if (now - order.created_at > VEND_WINDOW_MS) {
      await this.fail(claimed, 'refused');
      return;
    }
    await this.send(claimed);
  }

  /** The order jobs: busy retries due, whichever process set them. Answers how many were found. */
  async resumeDue(now: number, limit: number): Promise<number> {
    const due = await this.d.repo.busyRetriesDue(now, limit);
    for (const order of due) this.d.background.run(() => this.retry(order));
    return due.length;
  }

  /** Closing: waits for busy machines are dropped here; they stay in the database for whoever resumes them. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.waits) cancel();
    this.waits.clear();
  }

  /** Sends the vend (or play) of an order this process has just claimed. */
  private async send(order: OrderRow): Promise<void> {
    const device = await this.d.machines.machineBySn(order.sn);
    const [item] = await this.d.repo.items(order.id);
    if (!device || device.merchant_id !== order.merchant_id || !item) {
      await this.fail(order, 'refused');
      return;
    }
    const outcome =
      order.kind === 'game'
        ? await this.d.link.play(
            device,
            {
              order: order.order_no,
              payment: clientPayment(order.client),
              plays: Math.max(1, order.plays),
              slot: item.position,
              difficulty: await this.difficulty(device, order),
              ...(order.payer ? { player: order.payer } : {}),
            },
            null,
          )
        : await this.d.link.vend(
            device,
            {
              order: order.order_no,
              payment: clientPayment(order.client),
              items: [{ slot: item.position, quantity: item.quantity }],
            },
            null,
          );
    // Busy with another customer's vend: nothing came out, so it is safe to ask again in a moment.
    if (outcome.status === 'refused' && outcome.code === 'busy' && order.vend_busy < BUSY_RETRIES) {
      await this.waitForMachine(order);
      return;
    }
    await this.afterSend(order, outcome);
  }

  /** Keeps the busy refusal and when to ask again in the order, then waits here (a restart resumes the wait). */
  private async waitForMachine(order: OrderRow): Promise<void> {
    const busy = order.vend_busy + 1;
    const waitMs = BUSY_WAIT_MS * busy;
    const now = this.d.clock();
    const due = now + waitMs;
    const kept = await this.d.repo.stepBusyRetry(this.d.db, order, {
      vend_busy: busy,
      vend_retry_at: due,
      updated_at: now,
    });
    // Closing: the next process (or another one) resumes it from the database.
    if (!kept || this.stopped) return;
    const waiting: OrderRow = { ...order, vend_busy: busy, vend_retry_at: due };
    this.d.background.run(
      () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waits.delete(cancel);
            this.retry(waiting).then(resolve, reject);
          }, waitMs);
          const cancel = () => {
            clearTimeout(timer);
            this.waits.delete(cancel);
            resolve();
          };
          this.waits.add(cancel);
        }),
    );
  }

  /**
   * /b/replaceGoods: vends an abnormal or failed order again, from its shelf or another, as `<order>.r<n>`.
   * Answers what the machine handed out; a fault answers DELIVERY_FAILED like a remote dispense does.
   */
  async replace(
    auth: AuthContext,
    body: Body<typeof replaceGoods>,
    locale: Locale,
  ): Promise<CallResult<typeof replaceGoods>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const scope = await scopeOf(this.d.db, auth);
    const order = await this.d.repo.findByNo(body.orderno);
    if (!order || order.merchant_id !== scope.merchantId || !storeInScope(scope, order.store_id)) {
      throw new AppError(RCODE.ORDER_NOT_FOUND);
    }
    if (!REPLACEABLE.includes(order.status) || order.refund_reserved > 0 || order.kind !== 'goods') {
      throw new AppError(RCODE.ORDER_NOT_REPLACEABLE);
    }
    // A failed gift order gave its voucher code back (decision 036): vending it again could give a second gift.
    if (order.client === 'gift' && order.status === STATUS.deliveryFailed) {
      throw new AppError(RCODE.GIFT_ORDER_REDEEM_AGAIN);
    }
    const device = await this.d.machines.machineBySn(order.sn);
    if (!device || device.merchant_id !== order.merchant_id) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    const [item] = await this.d.repo.items(order.id);
    if (!item) throw new AppError(RCODE.ORDER_NOT_REPLACEABLE);
    const number = body.channel_sn ?? item.channel_sn;
    const shelf = await this.d.machines.shelfByNumber(this.d.db, device.id, number);
    if (!shelf) throw new AppError(RCODE.SHELF_NOT_FOUND);
    if (shelf.quantity < item.quantity || shelf.enabled !== 1) throw new AppError(RCODE.SHELF_OUT_OF_STOCK);
    if (device.alive !== 1) throw new AppError(RCODE.DEVICE_OFFLINE);

    const now = this.d.clock();
    const claimed = await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.repo.claimVend(trx, order.id, order.vend_attempts, REPLACEABLE, now))) return false;
      if (shelf.position !== item.position) {
        await this.d.repo.updateItem(trx, item.id, {
          position: shelf.position,
          channel_id: shelf.id,
          channel_sn: shelf.channel_sn,
        });
      }
      await this.d.repo.transition(trx, order.id, REPLACEABLE, {
        status: STATUS.paid,
        goods_err: '',
        finished_at: null,
        updated_at: now,
      });
      return true;
    });
    // Someone else vends it right now: this tap does nothing more.
    if (!claimed) throw new AppError(RCODE.ORDER_NOT_REPLACEABLE);
    const attempt = order.vend_attempts + 1;
    const outcome = await this.d.link.vend(
      device,
      {
        order: `${order.order_no}.r${attempt}`,
        payment: clientPayment(order.client),
        items: [{ slot: shelf.position, quantity: item.quantity }],
      },
      auth.user.id,
    );
    const fresh = { ...order, vend_attempts: attempt, status: STATUS.paid };
    await this.afterSend(fresh, outcome, false);
    if (outcome.status !== 'acked') throw commandError(outcome, locale);
    const items = outcome.result.items.map((r) => ({
      channel_sn: shelf.channel_sn,
      quantity: r.quantity,
      delivered: r.delivered,
      fault: r.fault,
      fault_text: faultText(r.fault, locale),
    }));
    const failed = items.find((r) => r.fault !== 0 || r.delivered < r.quantity);
    if (failed)
      throw new AppError(RCODE.DELIVERY_FAILED, { fault: failed.fault_text || faultText(4, locale) });
    const after = (await this.d.repo.findById(order.id)) ?? order;
    return {
      orderno: order.order_no,
      status: after.status,
      status_text: orderStatusText(
        { status: after.status, refund: after.refund_fee, goodsErr: after.goods_err },
        locale,
      ),
      items,
    };
  }

  private async afterSend(
    order: OrderRow,
    outcome: MachineOutcome<'vend'> | MachineOutcome<'play'>,
    refundOnFailure = true,
  ): Promise<void> {
    switch (outcome.status) {
      case 'acked':
        await this.d.repo.transition(this.d.db, order.id, [STATUS.paid], {
          status: STATUS.vending,
          updated_at: this.d.clock(),
        });
        return;
      case 'offline':
      case 'link_down':
        return this.fail(order, 'offline', refundOnFailure);
      case 'refused':
        return this.fail(order, outcome.code === 'out_of_stock' ? 'outOfStock' : 'refused', refundOnFailure);
      case 'timeout':
        // Maybe it vended: only its report (or the abnormal job) can say. Nothing is refunded blindly.
        return;
    }
  }

  /** Nothing came out and nothing will: delivery failed, refunded automatically where the store says so. */
  private async fail(order: OrderRow, fault: string, refund = true): Promise<void> {
    const now = this.d.clock();
    const refunded = await this.d.db.transaction().execute(async (trx) => {
      const moved = await this.d.repo.transition(trx, order.id, [STATUS.paid], {
        status: STATUS.deliveryFailed,
        goods_err: fault,
        finished_at: now,
        updated_at: now,
      });
      if (moved) await orderAbnormalEvent(trx, order, STATUS.deliveryFailed, fault, now);
      if (!moved || !refund) return false;
      const fresh = await this.d.repo.findById(order.id, trx);
      return fresh ? this.d.refunds.autoRefund(trx, fresh, fresh.amount - fresh.refund_reserved, now) : false;
    });
    if (refunded) this.d.refunds.kick();
  }

  /** The device's difficulty, or extreme for a player on the game blacklist (spec §9). */
  private async difficulty(device: DeviceRow, order: OrderRow): Promise<Difficulty> {
    const settings = readSettings(device.settings);
    if (settings.game_black === 1 && order.payer) {
      const since = this.d.clock() - GAME_BLACKLIST_DAYS * 86_400_000;
      if (await this.d.playerClearedSince(order.merchant_id, order.payer, since)) return 'extreme';
    }
    return settings.difficulty;
  }
}

/** The vend's payment field: the order's client when the protocol knows it. */
function clientPayment(client: string): CommandArgs<'vend'>['payment'] {
  const known = ['wechat', 'alipay', 'bill', 'coin', 'remote', 'gift', 'iccard', 'card', 'ezcard'] as const;
  return (known as readonly string[]).includes(client) ? (client as (typeof known)[number]) : 'remote';
}
