import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import {
  refreshStaleUserInfo,
  USER_INFO_KEY,
  useUserInfoRefresh,
} from '../../features/auth/api/get-user-info';
import { rejectMissingAppList } from '../../lib/finish-login';
import { currentAgent } from '../../lib/agent';
import { usePainted } from '../../lib/after-paint';
import { setApiNavigator, setForbiddenListener } from '../../lib/api-client';
import { loadChunk } from '../../lib/load-chunk';
import { ACCESS, canAccess, hasUsableApp, type AccessRule } from '../../lib/permissions';
import {
  clearLogin,
  hasAppList,
  isLoginValid,
  isSessionFree,
  loginPath,
  readUserInfo,
  rememberReturnTo,
  updateUserInfo,
  useUserInfo,
} from '../../lib/session';
import { useRouteHandle } from '../route-handle';
import { ROUTES } from '../route-table';
import { RouteErrorBoundary } from '../routes/route-error';
import { EmptyGuide } from '../../components/empty-guide/empty-guide';
import { AppHeader } from './app-header';
import { Refusal } from './refusal';

// The side menu (and the overlay library under it) loads when it is first opened, not with the first screen.
const SideMenu = lazy(() => loadChunk(() => import('./side-menu')).then((m) => ({ default: m.SideMenu })));

/** Sends a visitor without a valid login to /login, remembering where they were headed (spec §4). */
function RedirectToLogin() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    clearLogin();
    rememberReturnTo(`${pathname}${search}`);
    void navigate(loginPath(currentAgent(search)), { replace: true });
  }, [navigate, pathname, search]);
  return null;
}

/**
 * Keeps the stored info in step with the server: after the first paint, on a navigation once the last refresh is
 * stale, and at once when a call is refused for want of a permission (403, a staff self-service switched off).
 */
function UserInfoRefresh({ token }: { token: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    setForbiddenListener(() => void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }));
    return () => setForbiddenListener(() => undefined);
  }, [queryClient]);
  useEffect(() => refreshStaleUserInfo(queryClient), [pathname, queryClient]);
  // After the first paint: the screen's own scripts and calls come first.
  const painted = usePainted();
  const { data } = useUserInfoRefresh(painted ? token : undefined);
  useEffect(() => {
    if (!data) return;
    if (!hasAppList(data)) {
      rejectMissingAppList((to, options) => void navigate(to, options));
      return;
    }
    const stored = readUserInfo();
    // The session's credentials are the ones we hold; the refresh is about permissions, apps and names.
    if (stored) updateUserInfo({ ...data, token: stored.token, secret: stored.secret });
  }, [data, navigate]);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation(['routes', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const user = useUserInfo();
  const screen = useRoutes(ROUTES);
  const [menu, setMenu] = useState<'closed' | 'open' | null>(null);
  const title = t(handle.title);

  useEffect(() => {
    setApiNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => setMenu((state) => (state === null ? null : 'closed')), [pathname]);

  const sessionFree = isSessionFree(pathname) || handle.public === true;
  if (!sessionFree && !isLoginValid()) return <RedirectToLogin />;

  const loggedIn = user !== null && isLoginValid();
  // The route table says who may open what (spec §6). The server refuses anyway; this spares a staff member a
  // screen of error toasts. App expiry is the screen's to show, with its own guide, so it comes first.
  const rule: AccessRule | undefined = handle.access === undefined ? undefined : ACCESS[handle.access];
  const now = Date.now();
  const refused =
    loggedIn &&
    rule !== undefined &&
    !canAccess(user, { ...rule, app: undefined }, now) &&
    (rule.app === undefined || hasUsableApp(user, rule.app, now));

  return (
    <div className="app-shell">
      {handle.header !== false ? (
        <AppHeader
          title={title}
          showBack={handle.back !== false}
          onMenu={loggedIn ? () => setMenu('open') : undefined}
        />
      ) : null}
      <main className="app-main">
        <RouteErrorBoundary
          key={pathname}
          title={t('common:loadFailed.title')}
          text={t('common:loadFailed.text')}
          reloadLabel={t('common:actions.reload')}
        >
          {refused && handle.refusal ? (
            <Suspense fallback={null}>
              <Refusal text={handle.refusal} />
            </Suspense>
          ) : refused ? (
            <EmptyGuide description={t('common:noAccess')} />
          ) : (
            <Suspense fallback={null}>{screen}</Suspense>
          )}
        </RouteErrorBoundary>
      </main>
      {loggedIn && menu !== null ? (
        <Suspense fallback={null}>
          <SideMenu user={user} visible={menu === 'open'} onClose={() => setMenu('closed')} />
        </Suspense>
      ) : null}
      {loggedIn && !sessionFree ? <UserInfoRefresh token={user.token} /> : null}
    </div>
  );
}
