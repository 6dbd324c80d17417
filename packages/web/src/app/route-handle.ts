import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type routes from '../i18n/resources/routes';
import type { AccessName } from '../lib/permissions';
import { ROUTES } from './route-table';

export type RouteTitle = keyof (typeof routes)['zh-CN'];

/** What the shell needs to know about a screen (spec §2, header and side menu). */
export interface RouteHandle {
  title: RouteTitle;
  /** false: the whole header is hidden (login, sign-up, hand-over and member pages). */
  header?: boolean;
  /** false: no back button (/, /bind, /bindError). */
  back?: boolean;
  /** true: shown without a login even though spec §4 does not list it (the not-found page reveals nothing). */
  public?: boolean;
  /**
   * Who may open it (spec §6). A staff member whose role lacks it sees a plain "no permission" screen instead of
   * the server's refusals; app expiry stays with the screen, which shows the expired-app guide.
   */
  access?: AccessName;
  /** What a refused person reads, from the screen's own texts; without it the shell's common:noAccess. */
  refusal?: RefusalText;
}

/** The refusals screens word themselves (spec §6: staff are told to ask the main account). */
export type RefusalText =
  | 'staff:mainOnly'
  | 'notify:mainOnly'
  | 'stock:noPermission'
  | 'devices:noPermission'
  | 'devices:bind.mainOnly'
  | 'bankCards:noPermission'
  | 'funds:noPermission'
  | 'feeSplits:noPermission'
  | 'feeSplits:noProfitPermission'
  | 'analytics:noPermission.dashboard'
  | 'analytics:noPermission.region'
  | 'analytics:noPermission.detail'
  | 'analytics:noPermission.device'
  | 'analytics:noPermission.goods'
  | 'adverts:mainOnly'
  | 'marketing:center.mainOnly'
  | 'members:mainOnly'
  | 'audit:mainOnly'
  | 'apiKeys:mainOnly'
  | 'webhooks:mainOnly';

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string'
  );
}

export function routeHandleFor(pathname: string): RouteHandle {
  const handle: unknown = matchRoutes(ROUTES, pathname)?.at(-1)?.route.handle;
  return isRouteHandle(handle) ? handle : { title: 'unknown', public: true };
}

export function useRouteHandle(): RouteHandle {
  const { pathname } = useLocation();
  return useMemo(() => routeHandleFor(pathname), [pathname]);
}
