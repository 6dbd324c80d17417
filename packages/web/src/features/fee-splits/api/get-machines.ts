import { useQuery } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { WHOLE_LIST } from '../../../lib/paging';
import { callQuery } from '../../../lib/query-keys';

/** Every machine of the merchant (page 1, size 999), for the machine filter; only for those who see devices. */
export function useMachines(enabled: boolean) {
  return useQuery({ ...callQuery(getDev, WHOLE_LIST), enabled });
}
