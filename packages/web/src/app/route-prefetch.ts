import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboard } from '../features/analytics/api/dashboard-calls';
import { prefetchHome } from '../features/home/api/home-calls';
import { i18n } from '../i18n/i18n';
import { can } from '../lib/permissions';
import { isLoginValid, readUserInfo } from '../lib/session';
import { preloadScreen } from './route-table';

/**
 * Starts the calls of the screen the address opens, as soon as the app's script runs: beside the screen's chunk
 * and the schemas' chunk instead of after them (docs/web-performance.md). The screens then find their queries in
 * flight or answered under the same keys. Only for a valid login, and only what the account may see; home and the
 * dashboard, whose figures are their largest paint. The screen's chunk starts loading too, instead of once React
 * renders the route; after the calls: the dashboard's chunk is some forty scripts, and a call sent after them
 * would wait for a free connection behind them.
 */
export function prefetchRoute(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  now: number = Date.now(),
): void {
  const user = readUserInfo();
  if (!user || !isLoginValid(now)) return;
  // React Router matches paths case-insensitively and with or without a trailing slash.
  const path = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  if (path === '/') {
    prefetchHome(queryClient, user, now);
    preloadScreen(location.pathname);
  } else if (path === '/dashboard' && can(user, 'dashboard', now)) {
    prefetchDashboard(queryClient, new URLSearchParams(location.search), now);
    // The range picker's and the list states' texts: loaded on first use, the screen would wait for them.
    void i18n.loadNamespaces('components');
    preloadScreen(location.pathname);
  }
}
