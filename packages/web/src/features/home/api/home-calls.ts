import { skipToken, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import type { overview } from '@vendo/contract/api/analytics';
import type { isBindBank } from '@vendo/contract/api/bank-cards';
import type { CallResult } from '@vendo/contract/api/call';
import type { devOnlineCount } from '@vendo/contract/api/devices';
import type { abnormalCount } from '@vendo/contract/api/orders';
import { callEndpoint, type Endpoint } from '../../../lib/api-client';
import { can } from '../../../lib/permissions';
import { bool, finite, int, nullable, object, plainEndpoint } from '../../../lib/plain-check';
import { queryKeyOf } from '../../../lib/query-keys';

/*
 * Home's calls, checked without zod (lib/plain-check.ts): home paints its figures and alerts from them as soon as
 * they answer, with no schemas' chunk to wait for. home-calls.test.ts holds each to the contract's path, access
 * and schema. Each card asks its own; the route prefetch (app/route-prefetch.ts) starts them all as soon as the
 * address is home, beside home's chunk, so the screen usually finds them answered when it first renders.
 */

const dayFigures = object<CallResult<typeof overview>['today']>({
  income: int,
  costPrice: nullable(int),
  profit: nullable(int),
  successCount: int,
  refundCount: int,
  price: int,
  refund: int,
  abnormalCount: int,
});

/** /a/overview: today's and yesterday's figures (the figures card). */
export const overviewCall = plainEndpoint(
  '/api/v1/a/overview',
  'session',
  object<CallResult<typeof overview>>({
    today: dayFigures,
    yesterday: dayFigures,
    device: object({ online: int, offline: int }),
  }),
);

/** /d/devOnlineCount: the machines online and offline (the alerts card). */
export const devOnlineCountCall = plainEndpoint(
  '/api/v1/d/devOnlineCount',
  'session',
  object<CallResult<typeof devOnlineCount>>({ online: int, offline: int, total: int }),
);

/** /b/abnormalCount: the pending abnormal orders over all time (spec §2 home alert). */
export const abnormalCountCall = plainEndpoint(
  '/api/v1/b/abnormalCount',
  'session',
  object<CallResult<typeof abnormalCount>>({ count: int, oldest: nullable(finite) }),
);

/** /k/isBindBank: the bank-card status behind the banner and the alerts. */
export const isBindBankCall = plainEndpoint(
  '/api/v1/k/isBindBank',
  'session',
  object<CallResult<typeof isBindBank>>({
    has_approved: bool,
    cards: int,
    approved: int,
    reviewing: int,
    rejected: int,
    incomplete: int,
    devices: int,
    unbound_devices: int,
    own_only: (value) => (value === undefined ? undefined : bool(value)),
  }),
);

/**
 * One of home's calls as a query: the key every other screen and every invalidation of that call reaches
 * (`[path, {}]`, lib/query-keys.ts), quiet (the cards show their own failure).
 */
function homeFetch<Result>(call: Endpoint<Result>): { queryKey: QueryKey; queryFn: () => Promise<Result> } {
  return { queryKey: queryKeyOf(call, {}), queryFn: () => callEndpoint(call, {}, { quiet: true }) };
}

/** homeFetch for a card's useQuery; while `enabled` is false, no request. */
export function homeQuery<Result>(
  call: Endpoint<Result>,
  enabled: boolean,
): { queryKey: QueryKey; queryFn: (() => Promise<Result>) | typeof skipToken } {
  const query = homeFetch(call);
  return enabled ? query : { queryKey: query.queryKey, queryFn: skipToken };
}

/** Who sees what on home (spec §6): each card asks only what the account may see. */
export function homeSees(user: UserInfo | null, now: number) {
  return {
    figures: can(user, 'dashboard', now),
    devices: can(user, 'deviceManage', now),
    bills: can(user, 'buyBill', now),
    bank: can(user, 'bankCard', now),
  };
}

/** Home's calls for this account, as its cards make them. */
export function prefetchHome(queryClient: QueryClient, user: UserInfo, now: number): void {
  const sees = homeSees(user, now);
  if (sees.figures) void queryClient.prefetchQuery(homeFetch(overviewCall));
  if (sees.devices) void queryClient.prefetchQuery(homeFetch(devOnlineCountCall));
  if (sees.bills) void queryClient.prefetchQuery(homeFetch(abnormalCountCall));
  if (sees.bank) void queryClient.prefetchQuery(homeFetch(isBindBankCall));
}
