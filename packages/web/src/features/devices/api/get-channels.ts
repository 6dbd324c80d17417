import { useQuery } from '@tanstack/react-query';
import { getDevChannel } from '@vendo/contract/api/devices';
import { callQuery } from '../../../lib/query-keys';

/** The shelves of one machine (/c/getDevChannel), with the device facts their rules depend on. */
export function useChannels(sn: string) {
  return useQuery(callQuery(getDevChannel, { sn }));
}
