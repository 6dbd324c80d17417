import {
  getLowStock,
  getRestockBill,
  getStock,
  getStockLog,
  getStockTotal,
  getStoreStockGroupByDev,
} from '@vendo/contract/api/stock';

/**
 * What a stock change makes stale: the totals (and the goods picker built on them), the entries, a store's stock
 * by machine, the restock bill, low stock and the log.
 */
export const STOCK_READS = [
  getStockTotal,
  getStock,
  getStoreStockGroupByDev,
  getRestockBill,
  getLowStock,
  getStockLog,
];
