import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import type { Call } from '@vendo/contract/api/call';
import type { z } from 'zod';
import { callEndpointLoading } from '../../../lib/api-client';
import { lazyCall, type LazyCall } from '../../../lib/lazy-call';
import { queryKeyOf } from '../../../lib/query-keys';
import { can } from '../../../lib/permissions';

/*
 * Home's calls, made before their schemas have loaded (see lib/lazy-call.ts). Each card asks its own; the route
 * prefetch (app/route-prefetch.ts) starts them all as soon as the address is home, beside home's chunk.
 */

/** /a/overview: today's and yesterday's figures (the figures card). */
export const overviewCall = lazyCall('/api/v1/a/overview', 'session', () =>
  import('@vendo/contract/api/analytics').then((m) => m.overview),
);

/** /d/devOnlineCount: the machines online and offline (the alerts card). */
export const devOnlineCountCall = lazyCall('/api/v1/d/devOnlineCount', 'session', () =>
  import('@vendo/contract/api/devices').then((m) => m.devOnlineCount),
);

/** /b/abnormalCount: the pending abnormal orders over all time (spec §2 home alert). */
export const abnormalCountCall = lazyCall('/api/v1/b/abnormalCount', 'session', () =>
  import('@vendo/contract/api/orders').then((m) => m.abnormalCount),
);

/** /k/isBindBank: the bank-card status behind the banner and the alerts. */
export const isBindBankCall = lazyCall('/api/v1/k/isBindBank', 'session', () =>
  import('@vendo/contract/api/bank-cards').then((m) => m.isBindBank),
);

/** Who sees what on home (spec §6): each card asks only what the account may see. */
export function homeSees(user: UserInfo | null, now: number) {
  return {
    figures: can(user, 'dashboard', now),
    devices: can(user, 'deviceManage', now),
    bills: can(user, 'buyBill', now),
    bank: can(user, 'bankCard', now),
  };
}

/**
 * Settles when home has rendered: the prefetch's answers wait for it before their schemas load, so the schemas'
 * chunk (zod) loads with the screen as it would without the prefetch, and only the requests leave early.
 */
let homeRendered: () => void = () => undefined;
const rendered = new Promise<void>((resolve) => (homeRendered = resolve));

/** Called by home's screen once it renders. */
export function markHomeRendered(): void {
  homeRendered();
}

/** lazyCallQuery whose schema loads once home has rendered. */
function afterRender<Req extends z.ZodType, Res extends z.ZodType>(
  lazy: LazyCall<Call<Req, Res>>,
): { queryKey: QueryKey; queryFn: () => Promise<z.output<Res>> } {
  const quiet = { quiet: true };
  return {
    queryKey: queryKeyOf<Pick<Call<Req, Res>, 'path'>>(lazy, {}),
    queryFn: () =>
      callEndpointLoading<z.output<Res>>(
        lazy,
        rendered.then(() => lazy.load()),
        {},
        quiet,
      ),
  };
}

/** Home's calls for this account, as its cards make them (quiet: the cards show their own failure). */
export function prefetchHome(queryClient: QueryClient, user: UserInfo, now: number): void {
  const sees = homeSees(user, now);
  if (sees.figures) void queryClient.prefetchQuery(afterRender(overviewCall));
  if (sees.devices) void queryClient.prefetchQuery(afterRender(devOnlineCountCall));
  if (sees.bills) void queryClient.prefetchQuery(afterRender(abnormalCountCall));
  if (sees.bank) void queryClient.prefetchQuery(afterRender(isBindBankCall));
}
