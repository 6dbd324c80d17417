import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { notifyKeys } from './query-keys';

/** Every store of the merchant, for a recipient's stores. */
export function useStoreOptions() {
  return useQuery({
    queryKey: notifyKeys.stores,
    queryFn: () => callApi(getAllStore, undefined, { quiet: true }),
  });
}
