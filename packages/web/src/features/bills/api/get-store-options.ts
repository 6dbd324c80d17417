import { useQuery } from '@tanstack/react-query';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callQuery } from '../../../lib/query-keys';

/** The stores the user sees (a staff account: its own), for the bill lists' store filter. */
export function useStoreOptions() {
  return useQuery(callQuery(getAllStore, undefined, { quiet: true }));
}
