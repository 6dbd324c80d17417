import { useQuery } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { WHOLE_LIST } from '../../../lib/paging';
import { callQuery } from '../../../lib/query-keys';

/** Every machine of the merchant (page 1, size 999: spec §7's device selection), for binding them to a card. */
export function useAllDevices(enabled: boolean) {
  return useQuery({ ...callQuery(getDev, WHOLE_LIST), enabled });
}
