import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/load-chunk';
import type { RouteHandle } from './route-handle';

type Screen = LazyExoticComponent<ComponentType>;

type Load = () => Promise<{ default: ComponentType }>;

/** Each screen's loader, for preloadScreen: one load, whichever asks first. */
const loaders = new Map<Screen, Load>();

/** Every screen is its own chunk, loaded through the reload-on-failure rule of spec §4. */
function screen(load: Load): Screen {
  let loading: ReturnType<Load> | undefined;
  const once: Load = () => (loading ??= loadChunk(load));
  const component = lazy(once);
  loaders.set(component, once);
  return component;
}

const screenOf = new WeakMap<RouteObject, Screen>();

function route(path: string, handle: RouteHandle, Component: Screen): RouteObject {
  const object: RouteObject = { path, handle, element: <Component /> };
  screenOf.set(object, Component);
  return object;
}

/** Every route of spec §2. React Router matches paths case-insensitively, as the spec's mixed case expects. */
export const ROUTES: RouteObject[] = [
  route(
    '/',
    { title: 'home', back: false },
    screen(() => import('../features/home/components/home-screen')),
  ),
  route(
    '/login',
    { title: 'login', header: false },
    screen(() => import('../features/auth/components/login-screen')),
  ),
  route(
    '/signup',
    { title: 'signup', header: false },
    screen(() => import('../features/auth/components/signup-screen')),
  ),
  route(
    '/forget',
    { title: 'forget', header: false },
    screen(() => import('../features/auth/components/forget-screen')),
  ),
  route(
    '/PassportLoading',
    { title: 'PassportLoading', header: false },
    screen(() => import('./routes/passport-loading')),
  ),
  route(
    '/error',
    { title: 'error' },
    screen(() => import('./routes/error')),
  ),
  route(
    '/success',
    { title: 'success' },
    screen(() => import('./routes/success')),
  ),
  route(
    '/region',
    { title: 'region', access: 'region' },
    screen(() => import('../features/catalog/components/region-screen')),
  ),
  route(
    '/goodsManage',
    { title: 'goodsManage', access: 'goodsManage' },
    screen(() => import('../features/catalog/components/goods-screen')),
  ),
  route(
    '/stock',
    { title: 'stock', access: 'stock', refusal: 'stock:noPermission' },
    screen(() => import('../features/stock/components/stock-screen')),
  ),
  route(
    '/deviceBindEnter',
    { title: 'deviceBindEnter', access: 'deviceBind', refusal: 'devices:bind.mainOnly' },
    screen(() => import('../features/devices/components/bind-enter-screen')),
  ),
  route(
    '/bind',
    { title: 'bind', back: false, access: 'deviceBind', refusal: 'devices:bind.mainOnly' },
    screen(() => import('../features/devices/components/bind-screen')),
  ),
  route(
    '/bindError',
    { title: 'bindError', back: false },
    screen(() => import('../features/devices/components/bind-error-screen')),
  ),
  route(
    '/deviceManage',
    { title: 'deviceManage', access: 'deviceManage', refusal: 'devices:noPermission' },
    screen(() => import('../features/devices/components/device-screen')),
  ),
  route(
    '/staff',
    { title: 'staff', access: 'staff', refusal: 'staff:mainOnly' },
    screen(() => import('../features/staff/components/staff-screen')),
  ),
  route(
    '/overview',
    { title: 'overview' },
    screen(() => import('../features/overview/components/overview-screen')),
  ),
  route(
    '/notification',
    { title: 'notification', access: 'notification', refusal: 'notify:mainOnly' },
    screen(() => import('../features/notify/components/notify-screen')),
  ),
  route(
    '/apiKeys',
    { title: 'apiKeys', access: 'apiKeys', refusal: 'apiKeys:mainOnly' },
    screen(() => import('../features/api-keys/components/api-key-screen')),
  ),
  route(
    '/webhooks',
    { title: 'webhooks', access: 'webhooks', refusal: 'webhooks:mainOnly' },
    screen(() => import('../features/webhooks/components/webhook-screen')),
  ),
  route(
    '/auditLog',
    { title: 'auditLog', access: 'auditLog', refusal: 'audit:mainOnly' },
    screen(() => import('../features/audit/components/audit-screen')),
  ),
  route(
    '/BindPassport',
    { title: 'BindPassport', header: false },
    screen(() => import('../features/passport/components/bind-passport-screen')),
  ),
  route(
    '/buyBill',
    { title: 'buyBill', access: 'buyBill' },
    screen(() => import('../features/bills/components/buy-bill-screen')),
  ),
  route(
    '/payBill',
    { title: 'payBill', access: 'payBill' },
    screen(() => import('../features/bills/components/pay-bill-screen')),
  ),
  route(
    '/dashboard',
    { title: 'dashboard', access: 'dashboard', refusal: 'analytics:noPermission.dashboard' },
    screen(() => import('../features/analytics/components/dashboard-screen')),
  ),
  route(
    '/sicRegion',
    { title: 'sicRegion', access: 'locationAnalysis', refusal: 'analytics:noPermission.region' },
    screen(() => import('../features/analytics/components/region-screen')),
  ),
  route(
    '/sicAnalysisDetail',
    { title: 'sicAnalysisDetail', access: 'locationAnalysis', refusal: 'analytics:noPermission.detail' },
    screen(() => import('../features/analytics/components/analysis-detail-screen')),
  ),
  route(
    '/sicDevice',
    { title: 'sicDevice', access: 'deviceAnalysis', refusal: 'analytics:noPermission.device' },
    screen(() => import('../features/analytics/components/device-stats-screen')),
  ),
  route(
    '/sicGoods',
    { title: 'sicGoods', access: 'goodsAnalysis', refusal: 'analytics:noPermission.goods' },
    screen(() => import('../features/analytics/components/goods-stats-screen')),
  ),
  route(
    '/sicGoodsDetail',
    { title: 'sicGoodsDetail', access: 'goodsAnalysis', refusal: 'analytics:noPermission.goods' },
    screen(() => import('../features/analytics/components/goods-detail-screen')),
  ),
  route(
    '/bankCard',
    { title: 'bankCard', access: 'bankCard', refusal: 'bankCards:noPermission' },
    screen(() => import('../features/bank-cards/components/bank-card-screen')),
  ),
  route(
    '/shareAddBank',
    { title: 'shareAddBank', header: false },
    screen(() => import('../features/bank-cards/components/share-add-bank-screen')),
  ),
  route(
    '/fund',
    { title: 'fund', access: 'settle', refusal: 'funds:noPermission' },
    screen(() => import('../features/funds/components/fund-screen')),
  ),
  route(
    '/settle',
    { title: 'settle', access: 'settle', refusal: 'funds:noPermission' },
    screen(() => import('../features/funds/components/settle-screen')),
  ),
  route(
    '/feeSplitting',
    { title: 'feeSplitting', access: 'bankCard', refusal: 'feeSplits:noPermission' },
    screen(() => import('../features/fee-splits/components/fee-splitting-screen')),
  ),
  route(
    '/profitSharing',
    { title: 'profitSharing', access: 'settle', refusal: 'feeSplits:noProfitPermission' },
    screen(() => import('../features/fee-splits/components/profit-sharing-screen')),
  ),
  route(
    '/gift',
    { title: 'gift', access: 'activityCenter', refusal: 'marketing:center.mainOnly' },
    screen(() => import('../features/gifts/components/gift-screen')),
  ),
  route(
    '/activityCenter',
    { title: 'activityCenter', access: 'activityCenter', refusal: 'marketing:center.mainOnly' },
    screen(() => import('../features/marketing/components/activity-center-screen')),
  ),
  route(
    '/referrer',
    { title: 'referrer', access: 'activityCenter', refusal: 'marketing:center.mainOnly' },
    screen(() => import('../features/referrers/components/referrer-screen')),
  ),
  route(
    '/record',
    { title: 'record', access: 'activityCenter', refusal: 'marketing:center.mainOnly' },
    screen(() => import('../features/marketing/components/record-screen')),
  ),
  route(
    '/activity',
    { title: 'activity', access: 'activityCenter', refusal: 'marketing:center.mainOnly' },
    screen(() => import('../features/coupons/components/activity-screen')),
  ),
  route(
    '/member',
    { title: 'member', access: 'member', refusal: 'members:mainOnly' },
    screen(() => import('../features/members/components/member-screen')),
  ),
  route(
    '/open-member-passport',
    { title: 'openMember', header: false },
    screen(() => import('../features/members/components/open-member-passport-screen')),
  ),
  route(
    '/open-member',
    { title: 'openMember', header: false },
    screen(() => import('../features/members/components/open-member-screen')),
  ),
  route(
    '/advertisement',
    { title: 'advertisement', access: 'advertisement', refusal: 'adverts:mainOnly' },
    screen(() => import('../features/adverts/components/advert-screen')),
  ),
  route(
    '*',
    { title: 'unknown', public: true },
    screen(() => import('./routes/unknown')),
  ),
];

/**
 * Starts loading the chunk of the screen the address opens, before React has rendered anything (main.tsx): the
 * screen's lazy component later finds it loading or loaded. Settles when it has loaded or failed (the screen's
 * own load then answers the failure).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const match = matchRoutes(ROUTES, pathname)?.at(-1)?.route;
  const component = match ? screenOf.get(match) : undefined;
  const load = component ? loaders.get(component) : undefined;
  return (load?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
