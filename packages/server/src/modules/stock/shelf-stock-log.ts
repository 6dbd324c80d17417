import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { ShelfChange, ShelfLog } from '../devices/shelf-log';
import { StockRepository, type NewStockRecord } from './stock-repository';

/** stock_records.stock_type 2: stock held on a machine's shelf (spec §3 stock). */
const DEVICE_STOCK = 2;
const ADD = 0;
const REDUCE = 1;

/**
 * Writes a shelf's change of stock into the stock log (stock_records, stock type "device"), inside the caller's
 * transaction: the machines module's ShelfLog. Changing the goods of a shelf logs the old goods leaving and the new
 * arriving.
 */
export const logShelfChange: ShelfLog = async (trx: Kysely<Database>, change: ShelfChange) => {
  const { before, after } = change;
  const base = {
    merchant_id: change.merchantId,
    stock_type: DEVICE_STOCK,
    area_id: change.device.area_id,
    store_id: change.device.store_id,
    sn: change.device.sn,
    channel_id: change.shelf.id,
    channel_sn: String(change.shelf.channel_sn),
    oper_user_id: change.userId,
    order_no: change.orderNo ?? '',
    remarks: change.remarks.slice(0, 200),
    created_at: change.now,
  };
  const records: NewStockRecord[] = [];
  if (before.goodsId === after.goodsId) {
    const delta = after.quantity - before.quantity;
    if (after.goodsId !== null && delta !== 0) {
      records.push({
        ...base,
        goods_id: after.goodsId,
        oper_type: delta > 0 ? ADD : REDUCE,
        quantity: Math.abs(delta),
        balance: after.quantity,
      });
    }
  } else {
    if (before.goodsId !== null && before.quantity > 0) {
      records.push({
        ...base,
        goods_id: before.goodsId,
        oper_type: REDUCE,
        quantity: before.quantity,
        balance: 0,
      });
    }
    if (after.goodsId !== null && after.quantity > 0) {
      records.push({
        ...base,
        goods_id: after.goodsId,
        oper_type: ADD,
        quantity: after.quantity,
        balance: after.quantity,
      });
    }
  }
  const stock = new StockRepository(trx);
  for (const record of records) await stock.insertRecord(trx, record);
};
