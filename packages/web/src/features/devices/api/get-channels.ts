import { useQuery } from '@tanstack/react-query';
import { getDevChannel } from '@vendo/contract/api/devices';
import { callQuery, listQuery } from '../../../lib/query-keys';

/**
 * The shelves of one machine (/c/getDevChannel), with the device facts their rules depend on. `shownBy`: 'list'
 * for a sheet that shows them in a ListState (the shelves, the stock), which says a refusal itself; the remote
 * control shows no failed state, so its refusal is a toast.
 */
export function useChannels(sn: string, shownBy: 'list' | 'toast' = 'toast') {
  return useQuery(shownBy === 'list' ? listQuery(getDevChannel, { sn }) : callQuery(getDevChannel, { sn }));
}
