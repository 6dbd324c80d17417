import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getArea } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { CONDITION_LIST, pageRequest } from '../../../lib/paging';
import { catalogKeys } from './query-keys';

export interface AreaQuery {
  page: number;
  pageSize: number;
  name: string;
}

/** One page of the area cards, filtered by name. */
export function useAreas({ page, pageSize, name }: AreaQuery) {
  return useQuery({
    queryKey: [...catalogKeys.areas, 'page', page, pageSize, name],
    queryFn: () =>
      callApi(getArea, { ...pageRequest(page, pageSize), condition: { area_name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Every area, for the store form's picker and the store filter (spec §7: page 1, size 999). */
export function useAreaOptions(enabled = true) {
  return useQuery({
    queryKey: [...catalogKeys.areas, 'options'],
    queryFn: async () => {
      try {
        return await callApi(getArea, { ...CONDITION_LIST, condition: {} }, { quiet: true });
      } catch (error) {
        // Spec §7: area and store list load errors are only logged; the picker says it is empty.
        console.error('area list', error);
        throw error;
      }
    },
    enabled,
  });
}
