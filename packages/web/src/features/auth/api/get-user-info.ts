import { useQuery } from '@tanstack/react-query';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi, type CallOptions } from '../../../lib/api-client';

export async function fetchUserInfo(options?: CallOptions) {
  return callApi((await loadAccountCalls()).getUserInfo, undefined, options);
}

/**
 * The stored user info is a snapshot from login; this refreshes permissions and apps once per visit and, as a
 * side effect, lets the server answer 604 for a session revoked elsewhere.
 */
export function useUserInfoRefresh(token: string | undefined) {
  return useQuery({
    queryKey: ['user-info', token],
    queryFn: () => fetchUserInfo({ quiet: true }),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
