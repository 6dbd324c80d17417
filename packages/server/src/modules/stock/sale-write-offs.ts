import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { isLow, type MachineShelves } from '../devices/machine-shelves';
import { recordEvent } from '../events/event-outbox';
import type { StockRepository } from './stock-repository';

/** What a sale hands to the stock: the order's transaction calls writeOffSale with it (issue: orders). */
export interface SaleWriteOff {
  merchantId: number;
  sn: string;
  channelId: number;
  /** The goods that left; null for a shelf holding none (only its count goes down). */
  goodsId: number | null;
  quantity: number;
  orderNo: string;
  /** When it sold (a machine's event time); default now. */
  at?: number;
}

export interface SaleWriteOffDeps {
  machines: MachineShelves;
  /** The goods' sold count (GoodsService, or its repository where no catalog service runs). */
  goods: { addSold(trx: Kysely<Database>, goodsId: number, quantity: number): Promise<void> };
  repo: StockRepository;
  clock: () => number;
}

/**
 * What a sale takes from the stock. StockService answers the console; this is its part a sale needs, apart so
 * that the machine-event store can run it where it runs (the ingest worker, decision 055).
 */
export class SaleWriteOffs {
  constructor(private readonly d: SaleWriteOffDeps) {}

  /**
   * A successful sale, inside the order's transaction: the shelf counts down, the goods' sold count goes up and
   * the stock log gets a write-off (stock_type 3). Not gated by the Stock app: a sale always empties a shelf.
   * Throws when the merchant has no such machine and shelf, so the order's transaction rolls back.
   * This is the one place a sale takes stock: machine events reach it through the orders module
   * (modules/orders/machine-sales.ts), inside the transaction that stores the event.
   */
  async writeOffSale(trx: Kysely<Database>, sale: SaleWriteOff): Promise<{ left: number }> {
    if (!Number.isInteger(sale.quantity) || sale.quantity <= 0)
      throw new Error('write-off quantity must be > 0');
    const now = sale.at ?? this.d.clock();
    const shelf = await this.d.machines.takeFromShelf(
      trx,
      sale.merchantId,
      sale.sn,
      sale.channelId,
      sale.quantity,
      now,
    );
    if (!shelf)
      throw new Error(`no shelf ${sale.channelId} on machine ${sale.sn} of merchant ${sale.merchantId}`);
    // The sale that takes a shelf to its machine's threshold says so, in the sale's transaction (issue 20).
    if (isLow(shelf) && !isLow({ threshold: shelf.threshold, quantity: shelf.quantity + shelf.taken })) {
      await recordEvent(trx, {
        merchantId: sale.merchantId,
        type: 'stock.low',
        storeId: shelf.storeId,
        data: {
          sn: sale.sn,
          store_id: shelf.storeId,
          channel_sn: shelf.channelSn,
          goods_id: shelf.goodsId,
          quantity: shelf.quantity,
          threshold: shelf.threshold,
        },
        at: now,
      });
    }
    if (sale.goodsId === null) return { left: shelf.quantity };
    await this.d.goods.addSold(trx, sale.goodsId, sale.quantity);
    await this.d.repo.insertSaleRecord(trx, {
      merchant_id: sale.merchantId,
      goods_id: sale.goodsId,
      stock_type: 3,
      oper_type: 1,
      quantity: sale.quantity,
      balance: shelf.quantity,
      area_id: shelf.areaId,
      store_id: shelf.storeId,
      sn: sale.sn,
      channel_id: shelf.channelId,
      channel_sn: shelf.channelSn,
      oper_user_id: null,
      order_no: sale.orderNo.slice(0, 64),
      remarks: shelf.taken < sale.quantity ? `shelf held ${shelf.taken}` : '',
      created_at: now,
    });
    return { left: shelf.quantity };
  }
}
