import { useQuery } from '@tanstack/react-query';
import { getOverview } from '@vendo/contract/api/account';
import { listQuery } from '../../../lib/query-keys';

/** The hidden overview: account, session, version, apps and server health, fresh each time it opens. */
export function useOverview() {
  return useQuery({
    ...listQuery(getOverview, undefined),
    staleTime: 0,
  });
}
