import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboard } from '../features/analytics/api/dashboard-calls';
import { prefetchHome } from '../features/home/api/home-calls';
import { i18n } from '../i18n/i18n';
import { can } from '../lib/permissions';
import { isLoginValid, readUserInfo } from '../lib/session';
import { preloadScreen } from './route-table';

/** Longest wait for the screen's chunk before the app renders anyway. */
const SCREEN_WAIT_MS = 3000;

/**
 * Starts the calls of the screen the address opens, as soon as the app's script runs: beside the screen's chunk
 * instead of after it (docs/web-performance.md). The screens then find their queries in flight or answered under
 * the same keys. Only for a valid login, and only what the account may see; home and the dashboard, whose figures
 * are their largest paint. The screen's chunk starts loading too, after the calls (the dashboard's is some thirty
 * scripts, and a call sent after them would wait for a free connection behind them).
 *
 * Settles when the screen's chunk (and texts) have loaded, or after SCREEN_WAIT_MS: main.tsx renders then, so the
 * first render holds the screen itself. Rendered earlier, the shell would commit around an empty screen and start
 * its own calls (the user-info refresh, the configuration, antd-mobile's texts) while the screen's scripts load.
 */
export function prefetchRoute(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  now: number = Date.now(),
): Promise<void> {
  const user = readUserInfo();
  if (!user || !isLoginValid(now)) return Promise.resolve();
  // React Router matches paths case-insensitively and with or without a trailing slash.
  const path = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  let ready: Promise<unknown>;
  if (path === '/') {
    prefetchHome(queryClient, user, now);
    ready = preloadScreen(location.pathname);
  } else if (path === '/dashboard' && can(user, 'dashboard', now)) {
    prefetchDashboard(queryClient, new URLSearchParams(location.search), now);
    // The range picker's and the list states' texts: loaded on first use, the screen would wait for them.
    const texts = i18n.loadNamespaces('components').catch(() => undefined);
    ready = Promise.all([texts, preloadScreen(location.pathname)]);
  } else {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SCREEN_WAIT_MS);
    void ready.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
