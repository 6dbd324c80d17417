import { useQuery } from '@tanstack/react-query';
import { getOverview } from '@vendo/contract/api/account';
import { callApi } from '../../../lib/api-client';

/** The hidden overview: account, session, version, apps and server health, fresh each time it opens. */
export function useOverview() {
  return useQuery({
    queryKey: ['overview'],
    queryFn: () => callApi(getOverview, undefined),
    staleTime: 0,
  });
}
