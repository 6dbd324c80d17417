import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStockTotal } from '@vendo/contract/api/stock';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/**
 * Per goods: warehouse, stores and machine shelves. A listQuery: the totals tab's ListState says a refusal, and the
 * stock screen's probe of the same first page (for the app-expired guide) shows the guide, not a toast as well.
 */
export function useStockTotals({ page, name }: { page: number; name: string }) {
  return useQuery({
    ...listQuery(getStockTotal, { ...pageRequest(page), condition: { goods_name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
