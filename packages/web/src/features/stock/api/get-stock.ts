import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStock } from '@vendo/contract/api/stock';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

export type EntryLevel = 'all' | 'total' | 'store';

/** The stock entries a person manages by hand: the warehouse level (0) and per store (1). */
export function useStockEntries({ page, level, name }: { page: number; level: EntryLevel; name: string }) {
  return useQuery({
    ...listQuery(getStock, {
      ...pageRequest(page),
      condition: {
        stock_type: level === 'total' ? 0 : level === 'store' ? 1 : undefined,
        goods_name: name || undefined,
      },
    }),
    placeholderData: keepPreviousData,
  });
}
