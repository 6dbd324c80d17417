import { useQuery, type QueryClient } from '@tanstack/react-query';
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
 * How long a refresh stands: the shell reads the user info again on the first navigation after it (and the side
 * menu when it opens), so a change the main account made to the role or the apps (staff self-service of the login
 * password) reaches the staff member's menus without a new login.
 */
export const USER_INFO_STALE_MS = 60_000;

/**
 * The stored user info is a snapshot from login; this refreshes permissions and apps once the first screen has
 * painted and, as a side effect, lets the server answer 604 for a session revoked elsewhere. The shell refetches
 * it when stale (refreshStaleUserInfo) and at once when a call is refused for want of a permission.
 */
export function useUserInfoRefresh(token: string | undefined) {
  return useQuery({
    queryKey: [...USER_INFO_KEY, token],
    queryFn: () => fetchUserInfo({ quiet: true }),
    enabled: Boolean(token),
    staleTime: USER_INFO_STALE_MS,
  });
}

/** Reads the user info again if the last refresh is older than USER_INFO_STALE_MS; nothing otherwise. */
export function refreshStaleUserInfo(queryClient: QueryClient): void {
  void queryClient.refetchQueries({ queryKey: USER_INFO_KEY, stale: true });
}
