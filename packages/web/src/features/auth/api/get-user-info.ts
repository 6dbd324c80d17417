import { useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint, type CallOptions } from '../../../lib/api-client';
import { isUserInfo } from '../../../lib/user-info';

/**
 * The contract's getUserInfo, checked by hand: the refresh runs on the first screen, which paints without zod
 * (see lib/account-calls.ts). get-user-info.test.ts holds the path and access to the contract's.
 */
export const userInfoCall = endpoint('/api/v1/u/getUserInfo', 'session', isUserInfo);

export function fetchUserInfo(options?: CallOptions) {
  return callEndpoint(userInfoCall, undefined, options);
}

/** The refresh's key, which the shell invalidates when a call is refused for want of a permission. */
export const USER_INFO_KEY = ['user-info'] as const;

/**
 * The stored user info is a snapshot from login; this refreshes permissions and apps once per visit and, as a
 * side effect, lets the server answer 604 for a session revoked elsewhere.
 */
export function useUserInfoRefresh(token: string | undefined) {
  return useQuery({
    queryKey: [...USER_INFO_KEY, token],
    queryFn: () => fetchUserInfo({ quiet: true }),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
