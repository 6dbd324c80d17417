import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** Every store of the merchant, for the staff form's managed stores. */
export function useStoreOptions() {
  return useQuery({
    queryKey: staffKeys.stores,
    queryFn: () => callApi(getAllStore, undefined, { quiet: true }),
  });
}
