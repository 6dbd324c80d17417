/** Query keys of the stock screen. Every stock change touches totals, entries, store stock and the log. */
export const stockKeys = {
  all: ['stock'] as const,
  totals: ['stock', 'totals'] as const,
  entries: ['stock', 'entries'] as const,
  store: ['stock', 'store'] as const,
  bill: ['stock', 'bill'] as const,
  low: ['stock', 'low'] as const,
  log: ['stock', 'log'] as const,
  stores: ['stock', 'store-options'] as const,
  goods: ['stock', 'goods-options'] as const,
};
