import { z } from 'zod';
import {
  zId,
  zFilterId,
  zFilterTime,
  zText,
  zFilterText,
  pagedRequest,
  areaRef,
  storeRef,
  zBit,
} from './fields';
import { defineCall, emptyResult, listResult } from './call';
import { downloadFile, goodsBrief } from './catalog';
import { PERMISSIONS, STOCK_OPER_TYPES, STOCK_TYPES } from '../enums';

/*
 * Stock (/stock, spec §3): stock entries at two levels the merchant manages by hand, the total (warehouse,
 * stock_type 0) and per store (stock_type 1); machine shelves (stock_type 2) hold the rest and sales write them
 * off (stock_type 3). Every change is a record in the stock log. Every call needs permission 1037 (Stock) and a
 * usable Stock app (spec §6), otherwise APP_EXPIRED.
 */

const zQuantity = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .int({ error: 'noDecimals' })
  .min(0, { error: 'numberInvalid' })
  .max(1_000_000, { error: 'invalidValue' });

const zPositiveQuantity = zQuantity.min(1, { error: 'numberInvalid' });

const zStockType = z.literal(STOCK_TYPES, { error: 'invalidValue' });
const zOperType = z.literal(STOCK_OPER_TYPES, { error: 'invalidValue' });

/** epoch ms bound of a time filter; 0 or missing means open. */
// ---------------------------------------------------------------------------------------------------------
// Stock entries (total and store level)

export const stockEntry = z.object({
  _id: z.number().int(),
  goods_detail: goodsBrief,
  inventory: z.number().int(),
  /** 0 total (no store), 1 store */
  stock_type: zBit,
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  update_time: z.number(),
});
export type StockEntry = z.infer<typeof stockEntry>;

export const getStock = defineCall({
  path: '/api/v1/i/getStock',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: pagedRequest({
    stock_type: z
      .union([z.literal(0), z.literal(1)], { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? undefined),
    area: zFilterId,
    store: zFilterId,
    goods_id: zFilterId,
    goods_name: zFilterText,
  }),
  response: listResult(stockEntry),
});

/** Creates the stock of goods at the total level (store left out) or at a store: oper_type 2 in the log. */
export const addStock = defineCall({
  path: '/api/v1/i/addStock',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({
    goods_id: zId,
    store: zFilterId,
    inventory: zQuantity,
    remarks: zText(200),
  }),
  response: z.object({ _id: z.number().int() }),
});

/** Adds (oper_type 0) or reduces (oper_type 1) a stock entry; never below zero. */
export const editStock = defineCall({
  path: '/api/v1/i/editStock',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({
    _id: zId,
    oper_type: z.union([z.literal(0), z.literal(1)], { error: 'invalidValue' }),
    inventory: zPositiveQuantity,
    remarks: zText(200),
  }),
  response: z.object({ _id: z.number().int(), inventory: z.number().int() }),
});

/** Removes a stock entry: oper_type 3 in the log, with the quantity it held. */
export const delStock = defineCall({
  path: '/api/v1/i/delStock',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({ _id: zId, remarks: zText(200) }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// Totals

export const stockTotal = z.object({
  goods_detail: goodsBrief,
  /** total (warehouse) level */
  total_stock: z.number().int(),
  /** sum over the stores in the caller's scope */
  store_stock: z.number().int(),
  /** sum over the machine shelves in the caller's scope */
  device_stock: z.number().int(),
  /** total_stock + store_stock + device_stock */
  inventory: z.number().int(),
});

/** Per goods: how much is in the warehouse, in stores and on machine shelves. */
export const getStockTotal = defineCall({
  path: '/api/v1/i/getStockTotal',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: pagedRequest({ goods_name: zFilterText }),
  response: listResult(stockTotal),
});

// ---------------------------------------------------------------------------------------------------------
// The stock log

export const stockRecord = z.object({
  _id: z.number().int(),
  goods_detail: goodsBrief,
  /** Quantity moved, always positive; oper_type says the direction. */
  inventory: z.number().int(),
  /** What the entry or shelf held after the change. */
  balance: z.number().int(),
  stock_type: zStockType,
  oper_type: zOperType,
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  /** Machine and shelf for stock_type 2 and 3, else ''. */
  sn: z.string(),
  channel_sn: z.string(),
  /** Who did it; null for sales (stock_type 3). */
  oper_user: z.object({ user_id: z.number().int(), username: z.string(), nickname: z.string() }).nullable(),
  order_no: z.string(),
  remarks: z.string(),
  create_at: z.number(),
});
export type StockRecord = z.infer<typeof stockRecord>;

export const getStockLog = defineCall({
  path: '/api/v1/i/getStockLog',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: pagedRequest({
    goods_id: zFilterId,
    area: zFilterId,
    store: zFilterId,
    sn: zFilterText,
    stock_type: zStockType.nullish().transform((v) => v ?? undefined),
    oper_type: zOperType.nullish().transform((v) => v ?? undefined),
    /** user_id from /u/getUserList */
    oper_user: zFilterId,
    start_time: zFilterTime,
    end_time: zFilterTime,
  }),
  response: listResult(stockRecord),
});

// ---------------------------------------------------------------------------------------------------------
// Machines of a store: shelves, restock bill, low stock

export const shelfStock = z.object({
  channel_id: z.number().int(),
  channel_sn: z.string(),
  name: z.string(),
  goods_detail: goodsBrief.nullable(),
  quantity: z.number().int(),
  capacity: z.number().int(),
  enabled: z.boolean(),
  /** At or below the machine's stock_notify_threshold. */
  low: z.boolean(),
});

export const deviceStock = z.object({
  sn: z.string(),
  title: z.string(),
  stock_notify_threshold: z.number().int(),
  quantity: z.number().int(),
  capacity: z.number().int(),
  channels: z.array(shelfStock),
});

/** One store's stock: the store-level entries and, per machine, its shelves. */
export const getStoreStockGroupByDev = defineCall({
  path: '/api/v1/i/getStoreStockGroupByDev',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({ store: zId }),
  response: z.object({
    store: storeRef,
    area: areaRef,
    store_stock: z.array(z.object({ goods_detail: goodsBrief, inventory: z.number().int() })),
    devices: z.array(deviceStock),
  }),
});

export const restockLine = z.object({
  channel_sn: z.string(),
  name: z.string(),
  goods_detail: goodsBrief,
  quantity: z.number().int(),
  capacity: z.number().int(),
  /** capacity - quantity: what to bring for this shelf */
  need: z.number().int(),
});

export const restockBill = z.object({
  store: storeRef,
  area: areaRef,
  generated_at: z.number(),
  /** Machines with something to bring, each with its shelves to fill. */
  devices: z.array(
    z.object({ sn: z.string(), title: z.string(), need: z.number().int(), lines: z.array(restockLine) }),
  ),
  /** The same per goods: the packing list, with what the store's own stock holds of each. */
  goods: z.array(
    z.object({ goods_detail: goodsBrief, need: z.number().int(), store_stock: z.number().int() }),
  ),
  need: z.number().int(),
});
export type RestockBill = z.infer<typeof restockBill>;

/** What to bring to fill every enabled shelf of the store's machines to capacity. */
export const getRestockBill = defineCall({
  path: '/api/v1/i/getRestockBill',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({ store: zId }),
  response: restockBill,
});

/** The restock bill as an .xlsx file (packing list and per-machine sheet) in the caller's language. */
export const exportRestockBill = defineCall({
  path: '/api/v1/i/exportRestockBill',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: z.object({ store: zId }),
  response: downloadFile,
});

export const lowShelf = z.object({
  sn: z.string(),
  title: z.string(),
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  channel_id: z.number().int(),
  channel_sn: z.string(),
  name: z.string(),
  goods_detail: goodsBrief.nullable(),
  quantity: z.number().int(),
  capacity: z.number().int(),
  stock_notify_threshold: z.number().int(),
});
export type LowShelf = z.infer<typeof lowShelf>;

/** Enabled shelves at or below their machine's stock_notify_threshold, emptiest first. */
export const getLowStock = defineCall({
  path: '/api/v1/i/getLowStock',
  auth: 'session',
  perm: PERMISSIONS.Stock,
  request: pagedRequest({ area: zFilterId, store: zFilterId }),
  response: listResult(lowShelf),
});
