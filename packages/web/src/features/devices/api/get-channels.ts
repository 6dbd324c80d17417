import { useQuery } from '@tanstack/react-query';
import { getDevChannel } from '@vendo/contract/api/devices';
import { listQuery } from '../../../lib/query-keys';

/**
 * The shelves of one machine (/c/getDevChannel), with the device facts their rules depend on. A listQuery: each
 * sheet that reads them (the shelves, the stock, the remote control) shows a failed load in a ListState, which
 * says a refusal itself, and the sheets share this one query and its quiet.
 */
export function useChannels(sn: string) {
  return useQuery(listQuery(getDevChannel, { sn }));
}
