import { useQuery } from '@tanstack/react-query';
import { getResetC } from '@vendo/contract/api/devices';
import { callQuery } from '../../../lib/query-keys';

/** The shelves with their numbers, for custom shelf numbering (/c/getResetC, permission 1034). */
export function useNumbering(sn: string, enabled: boolean) {
  return useQuery({
    ...callQuery(getResetC, { sn }),
    enabled,
    staleTime: 0,
  });
}
