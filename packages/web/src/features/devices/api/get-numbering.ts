import { useQuery } from '@tanstack/react-query';
import { getResetC } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** The shelves with their numbers, for custom shelf numbering (/c/getResetC, permission 1034). */
export function useNumbering(sn: string, enabled: boolean) {
  return useQuery({
    queryKey: [...deviceKeys.numbering, sn],
    queryFn: () => callApi(getResetC, { sn }),
    enabled,
    staleTime: 0,
  });
}
