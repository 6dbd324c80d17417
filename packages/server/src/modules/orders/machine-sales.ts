import type { Kysely } from 'kysely';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import { deliveredItems, type EventDevice, type MachineEventSink } from '../devices/machine-event-sink';
import type { SaleWriteOffs } from '../stock/sale-write-offs';
import { orderAbnormalEvent } from './order-events';
import { AWAITING_RESULT, STATUS, baseOrderNo, deliveryOutcome } from './order-lifecycle';
import type { OrderNumbers } from './order-numbers';
import { saleDay, type MerchantZones } from './merchant-zones';
import type { NewOrderItem, OrderRepository, SaleShelf } from './order-repository';
import type { OrderItemRow, OrderRow } from './order-tables';
import type { RefundService } from './refund-service';

export interface MachineSalesDeps {
  repo: OrderRepository;
  /** StockService, or its write-off part alone where the sale path runs by itself (the ingest worker). */
  stock: Pick<SaleWriteOffs, 'writeOffSale'>;
  /** RefundService; the ingest worker reserves with RefundReservations and reports the kick to the server. */
  refunds: Pick<RefundService, 'autoRefund' | 'kick'>;
  zones: MerchantZones;
  numbers: OrderNumbers;
}

type Trx = Kysely<Database>;

/**
 * What machines report becomes orders, inside the transaction that stores the event (exactly once per event):
 * a delivery settles the order it names (3 delivered, 4 failed with the fault, and the automatic refund where
 * the store wants one) or, for an order the server never made (cards, the machine's own payments, remote
 * dispenses), creates one; a cash sale creates one; a game result settles the play (6 won, 7 lost). Whatever
 * left a shelf is written off through SaleWriteOffs.writeOffSale — the one path for every sale.
 */
export class MachineSales implements MachineEventSink {
  constructor(private readonly d: MachineSalesDeps) {}

  async apply(
    trx: Trx,
    device: EventDevice,
    event: MachineEvent,
    now: number,
  ): Promise<(() => void) | undefined> {
    // An unbound machine sells for nobody: its events are kept, nothing becomes an order.
    if (device.merchant_id === null) return undefined;
    const merchantId = device.merchant_id;
    // Only the shelves the event names: a machine has dozens, a sale reads one or two.
    const shelves = new Map<number, SaleShelf>();
    for (const { slot } of deliveredItems(event)) {
      if (shelves.has(slot)) continue;
      const shelf = await this.d.repo.saleShelf(trx, device.id, merchantId, slot);
      if (shelf) shelves.set(slot, shelf);
    }
    const sale = { trx, device, merchantId, shelves, event, now };
    let refund = false;
    switch (event.type) {
      case 'delivery': {
        const order = await this.d.repo.lock(trx, { orderNo: baseOrderNo(event.data.order) });
        if (order && order.merchant_id === merchantId && order.sn === device.sn) {
          refund = await this.settleDelivery(sale, order, event.data.items);
        } else {
          await this.create(sale, {
            client: event.data.payment,
            items: event.data.items,
            amount: event.data.amount,
            card: event.data.card,
            machineOrder: event.data.order,
            // The machine's own number becomes the order's when nobody has it (a remote dispense's R…).
            keepNumber: !order && event.data.order.length <= 40,
            kind: 'goods',
          });
        }
        break;
      }
      case 'cash_sale':
        await this.create(sale, {
          client: event.data.payment,
          items: event.data.items,
          amount: event.data.amount,
          kind: 'goods',
        });
        break;
      case 'game': {
        const { data } = event;
        const order = data.order
          ? await this.d.repo.lock(trx, { orderNo: baseOrderNo(data.order) })
          : undefined;
        if (order && order.merchant_id === merchantId && order.sn === device.sn) {
          await this.settleGame(sale, order, data.result, data.plays, data.prize);
        } else if (data.payment) {
          await this.create(sale, {
            client: data.payment,
            items: data.prize ? [data.prize] : [],
            amount: data.amount ?? 0,
            card: data.card,
            kind: 'game',
            game: { result: data.result, plays: data.plays },
            ...(data.order ? { machineOrder: data.order } : {}),
          });
        } else if (data.prize) {
          // A free play that handed out a prize: the goods still left the shelf.
          await this.writeOff(sale, [data.prize], data.order ?? event.id);
        }
        break;
      }
    }
    return refund ? () => this.d.refunds.kick() : undefined;
  }

  /** The machine's report on an order the server sent: items, stock, status, and the refund of what failed. */
  private async settleDelivery(sale: Sale, order: OrderRow, reported: DeliveredItem[]): Promise<boolean> {
    const { trx, now } = sale;
    const items = await this.d.repo.items(order.id, trx);
    let cost = 0;
    for (const report of reported) {
      const item = items.find((i) => i.position === report.slot);
      if (!item) continue;
      const delivered = Math.min(item.quantity, item.delivered + report.delivered);
      const fault = report.fault === 0 ? '' : String(report.fault);
      await this.d.repo.updateItem(trx, item.id, { delivered, fault });
      cost += item.cost_price * report.delivered;
      Object.assign(item, { delivered, fault });
    }
    await this.writeOff(sale, reported, order.order_no);
    const fields = { cost_price: order.cost_price + cost, finished_at: sale.event.at, updated_at: now };
    if (!AWAITING_RESULT.includes(order.status)) {
      // Settled before (refunded, or a late duplicate of a replacement): the goods are counted, nothing else.
      await this.d.repo.update(trx, order.id, fields);
      return false;
    }
    const outcome = deliveryOutcome(items.map((i) => ({ ...i, fault: i.fault || 0 })));
    await this.d.repo.transition(trx, order.id, AWAITING_RESULT, {
      ...fields,
      status: outcome.status,
      goods_err: outcome.fault,
    });
    if (outcome.status !== STATUS.deliveryFailed) return false;
    await orderAbnormalEvent(trx, order, STATUS.deliveryFailed, outcome.fault, now);
    const fresh = await this.d.repo.findById(order.id, trx);
    return fresh ? this.d.refunds.autoRefund(trx, fresh, undeliveredValue(fresh, items), now) : false;
  }

  private async settleGame(
    sale: Sale,
    order: OrderRow,
    result: 'win' | 'lose',
    plays: number,
    prize: DeliveredItem | undefined,
  ): Promise<void> {
    const { trx, now } = sale;
    let cost = 0;
    if (prize) {
      const items = await this.d.repo.items(order.id, trx);
      const item = items.find((i) => i.position === prize.slot);
      if (item) {
        await this.d.repo.updateItem(trx, item.id, {
          delivered: Math.min(item.quantity, item.delivered + prize.delivered),
          fault: prize.fault === 0 ? '' : String(prize.fault),
        });
        cost = item.cost_price * prize.delivered;
      } else {
        cost = (sale.shelves.get(prize.slot)?.goods_cost ?? 0) * prize.delivered;
      }
      await this.writeOff(sale, [prize], order.order_no);
    }
    const fields = {
      cost_price: order.cost_price + cost,
      game_result: result,
      plays: Math.max(order.plays, plays),
      finished_at: sale.event.at,
      updated_at: now,
    };
    const settled = await this.d.repo.transition(trx, order.id, [...AWAITING_RESULT, STATUS.deliveryFailed], {
      ...fields,
      status: result === 'win' ? STATUS.gameWon : STATUS.gameLost,
      goods_err: '',
    });
    if (!settled) await this.d.repo.update(trx, order.id, fields);
  }

  /** A sale the server did not start: cash, a card, the machine's own payment, a remote dispense. */
  private async create(
    sale: Sale,
    input: {
      client: string;
      items: DeliveredItem[];
      amount: number | undefined;
      card?: string | undefined;
      machineOrder?: string;
      keepNumber?: boolean;
      kind: 'goods' | 'game';
      game?: { result: 'win' | 'lose'; plays: number };
    },
  ): Promise<void> {
    const { trx, device, merchantId, shelves, event, now } = sale;
    const items: NewOrderItem[] = input.items.map((item) => {
      const shelf = shelves.get(item.slot);
      return {
        position: item.slot,
        channel_id: shelf?.id ?? null,
        channel_sn: shelf?.channel_sn ?? item.slot,
        goods_id: shelf?.goods_id ?? null,
        goods_name: (shelf?.goods_name ?? shelf?.name ?? '').slice(0, 100),
        img: (shelf?.goods_img ?? '').slice(0, 500),
        price: shelf?.price ?? 0,
        cost_price: shelf?.goods_cost ?? 0,
        quantity: item.quantity,
        delivered: item.delivered,
        fault: item.fault === 0 ? '' : String(item.fault),
      };
    });
    const free = input.client === 'remote' || input.client === 'gift';
    const amount = input.amount ?? (free ? 0 : items.reduce((sum, i) => sum + i.price * i.quantity, 0));
    const outcome = input.game
      ? { status: input.game.result === 'win' ? STATUS.gameWon : STATUS.gameLost, fault: '' }
      : deliveryOutcome(input.items);
    const keep = input.keepNumber === true && input.machineOrder !== undefined;
    const orderNo = keep
      ? input.machineOrder!
      : this.d.numbers.next(event.at, input.client === 'remote' ? 'R' : 'M');
    await this.d.repo.insertSale(
      trx,
      {
        order_no: orderNo,
        merchant_id: merchantId,
        sn: device.sn,
        device_type: device.type,
        area_id: device.area_id,
        store_id: device.store_id,
        kind: input.kind,
        source: input.client === 'remote' ? 'remote' : 'machine',
        client: input.client,
        status: outcome.status,
        amount,
        cost_price: items.reduce((sum, i) => sum + (i.cost_price ?? 0) * (i.delivered ?? 0), 0),
        merchant_order: keep ? '' : (input.machineOrder ?? '').slice(0, 64),
        cardno: input.card ?? '',
        goods_err: outcome.fault,
        game_result: input.game?.result ?? '',
        plays: input.game?.plays ?? 0,
        event_id: event.id,
        created_at: event.at,
        paid_at: event.at,
        sale_day: saleDay(event.at, await this.d.zones.of(trx, merchantId)),
        finished_at: event.at,
        updated_at: now,
      },
      items,
    );
    await this.writeOff(sale, input.items, orderNo);
  }

  /** Takes what came out off its shelves: the one write-off path (SaleWriteOffs.writeOffSale). */
  private async writeOff(sale: Sale, items: DeliveredItem[], orderNo: string): Promise<void> {
    for (const item of items) {
      const shelf = sale.shelves.get(item.slot);
      if (!shelf || item.delivered <= 0) continue;
      await this.d.stock.writeOffSale(sale.trx, {
        merchantId: sale.merchantId,
        sn: sale.device.sn,
        channelId: shelf.id,
        goodsId: shelf.goods_id,
        quantity: item.delivered,
        orderNo,
        at: sale.event.at,
      });
    }
  }
}

interface Sale {
  trx: Trx;
  device: EventDevice;
  merchantId: number;
  shelves: Map<number, SaleShelf>;
  event: MachineEvent;
  now: number;
}

/** What the customer paid for and did not get; at most what is left of the order. */
function undeliveredValue(order: OrderRow, items: OrderItemRow[]): number {
  const missing = items.reduce((sum, i) => sum + i.price * Math.max(0, i.quantity - i.delivered), 0);
  // Orders priced as a whole (a game, a discount) refund in proportion, never more than was paid.
  const listed = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const value = listed > 0 ? Math.round((order.amount * missing) / listed) : order.amount;
  return Math.min(value, order.amount - order.refund_reserved);
}
