import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStore } from '@vendo/contract/api/catalog';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

export interface StoreQuery {
  page: number;
  pageSize: number;
  /** An area's _id, or null for every area. */
  area: number | null;
  name: string;
}

/** One page of the store cards, filtered by area and name. */
export function useStores({ page, pageSize, area, name }: StoreQuery) {
  return useQuery({
    ...listQuery(getStore, {
      ...pageRequest(page, pageSize),
      condition: { area: area ?? undefined, store_name: name || undefined },
    }),
    placeholderData: keepPreviousData,
  });
}
