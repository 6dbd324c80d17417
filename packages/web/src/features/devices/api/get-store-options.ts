import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

/** Every store in the person's scope, for the area/store selector and the settings' store picker. */
export function useStoreOptions() {
  return useQuery({
    queryKey: queryKeyOf(getAllStore),
    queryFn: async () => {
      try {
        return await callApi(getAllStore, undefined, { quiet: true });
      } catch (error) {
        // Spec §7: area and store list load errors are only logged.
        console.error('store list', error);
        throw error;
      }
    },
  });
}
