import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStockTotal } from '@vendo/contract/api/stock';
import { callQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** Per goods: warehouse, stores and machine shelves. */
export function useStockTotals({ page, name }: { page: number; name: string }) {
  return useQuery({
    ...callQuery(getStockTotal, { ...pageRequest(page), condition: { goods_name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
