import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getArea } from '@vendo/contract/api/catalog';
import { listQuery, queryKeyOf } from '../../../lib/query-keys';
import { callApi } from '../../../lib/api-client';
import { pageRequest, WHOLE_LIST } from '../../../lib/paging';

export interface AreaQuery {
  page: number;
  pageSize: number;
  name: string;
}

/** One page of the area cards, filtered by name. */
export function useAreas({ page, pageSize, name }: AreaQuery) {
  return useQuery({
    ...listQuery(getArea, { ...pageRequest(page, pageSize), condition: { area_name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Every area, for the store form's picker and the store filter (spec §7: page 1, size 999). */
export function useAreaOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeyOf(getArea, WHOLE_LIST),
    queryFn: async () => {
      try {
        return await callApi(getArea, WHOLE_LIST, { quiet: true });
      } catch (error) {
        // Spec §7: area and store list load errors are only logged; the picker says it is empty.
        console.error('area list', error);
        throw error;
      }
    },
    enabled,
  });
}
