import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStockTotal } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { stockKeys } from './query-keys';

/** Per goods: warehouse, stores and machine shelves. */
export function useStockTotals({ page, name }: { page: number; name: string }) {
  return useQuery({
    queryKey: [...stockKeys.totals, page, name],
    queryFn: () =>
      callApi(getStockTotal, { ...pageRequest(page), condition: { goods_name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
