import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getLowStock } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { stockKeys } from './query-keys';

/** Enabled shelves at or below their machine's threshold, emptiest first. */
export function useLowStock({ page }: { page: number }) {
  return useQuery({
    queryKey: [...stockKeys.low, page],
    queryFn: () => callApi(getLowStock, { ...pageRequest(page), condition: {} }),
    placeholderData: keepPreviousData,
  });
}
