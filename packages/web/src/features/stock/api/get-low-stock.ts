import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getLowStock } from '@vendo/contract/api/stock';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** Enabled shelves at or below their machine's threshold, emptiest first. */
export function useLowStock({ page }: { page: number }) {
  return useQuery({
    ...listQuery(getLowStock, { ...pageRequest(page), condition: {} }),
    placeholderData: keepPreviousData,
  });
}
