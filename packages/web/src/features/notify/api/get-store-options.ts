import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callQuery } from '../../../lib/query-keys';

/** Every store of the merchant, for a recipient's stores. */
export function useStoreOptions() {
  return useQuery(callQuery(getAllStore, undefined, { quiet: true }));
}
