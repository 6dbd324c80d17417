import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { stockKeys } from './query-keys';

/** Every store in the person's scope, for the store pickers; load errors are only logged (spec §7). */
export function useStoreOptions() {
  return useQuery({
    queryKey: stockKeys.stores,
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
