import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

/** Every store in the person's scope, for the store pickers; load errors are only logged (spec §7). */
export function useStoreOptions() {
  return useQuery({
    queryKey: queryKeyOf(getAllStore),
    queryFn: async () => {
      try {
        return await callApi(getAllStore, undefined, { quiet: true });
      } catch (error) {
        console.error('store list', error);
        throw error;
      }
    },
  });
}
