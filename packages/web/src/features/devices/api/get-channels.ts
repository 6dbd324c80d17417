import { useQuery } from '@tanstack/react-query';
import { getDevChannel } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** The shelves of one machine (/c/getDevChannel), with the device facts their rules depend on. */
export function useChannels(sn: string) {
  return useQuery({
    queryKey: [...deviceKeys.channels, sn],
    queryFn: () => callApi(getDevChannel, { sn }),
  });
}
