import { useQuery } from '@tanstack/react-query';
import { getArea } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { WHOLE_LIST } from '../../../lib/paging';
import { queryKeyOf } from '../../../lib/query-keys';

/** Every area in the person's scope, for the area/store selector (spec §7: page 1, size 999). */
export function useAreaOptions() {
  return useQuery({
    queryKey: queryKeyOf(getArea, WHOLE_LIST),
    queryFn: async () => {
      try {
        return await callApi(getArea, WHOLE_LIST, { quiet: true });
      } catch (error) {
        // Spec §7: area and store list load errors are only logged; the selector says it is empty.
        console.error('area list', error);
        throw error;
      }
    },
  });
}
