import type { Locale } from '@vendo/contract/locales';
import type adverts from './resources/adverts';
import type apiKeys from './resources/api-keys';
import type webhooks from './resources/webhooks';
import type analytics from './resources/analytics';
import type audit from './resources/audit';
import type auth from './resources/auth';
import type bankCards from './resources/bank-cards';
import type bills from './resources/bills';
import type catalog from './resources/catalog';
import common from './resources/common';
import type components from './resources/components';
import type coupons from './resources/coupons';
import type deviceSheets from './resources/device-sheets';
import type devices from './resources/devices';
import type feeSplits from './resources/fee-splits';
import type funds from './resources/funds';
import type gifts from './resources/gifts';
import type home from './resources/home';
import type layout from './resources/layout';
import type marketing from './resources/marketing';
import type members from './resources/members';
import type notify from './resources/notify';
import type overview from './resources/overview';
import type passport from './resources/passport';
import type referrers from './resources/referrers';
import type report from './resources/report';
import routes from './resources/routes';
import type staff from './resources/staff';
import type stock from './resources/stock';

/** Texts every screen needs (the shell and the titles) travel with the first screen. */
export const eagerNamespaces = { common, routes };

type Loader<T> = () => Promise<{ default: T }>;

/**
 * The rest load with the screens that use them: a screen module registers its namespace when it loads
 * (registerNamespace), and anything still missing is fetched by name on first use.
 */
export const lazyNamespaces = {
  auth: () => import('./resources/auth'),
  home: () => import('./resources/home'),
  layout: () => import('./resources/layout'),
  components: () => import('./resources/components'),
  catalog: () => import('./resources/catalog'),
  stock: () => import('./resources/stock'),
  devices: () => import('./resources/devices'),
  deviceSheets: () => import('./resources/device-sheets'),
  staff: () => import('./resources/staff'),
  overview: () => import('./resources/overview'),
  notify: () => import('./resources/notify'),
  passport: () => import('./resources/passport'),
  bills: () => import('./resources/bills'),
  analytics: () => import('./resources/analytics'),
  report: () => import('./resources/report'),
  bankCards: () => import('./resources/bank-cards'),
  funds: () => import('./resources/funds'),
  feeSplits: () => import('./resources/fee-splits'),
  gifts: () => import('./resources/gifts'),
  referrers: () => import('./resources/referrers'),
  marketing: () => import('./resources/marketing'),
  coupons: () => import('./resources/coupons'),
  members: () => import('./resources/members'),
  adverts: () => import('./resources/adverts'),
  apiKeys: () => import('./resources/api-keys'),
  webhooks: () => import('./resources/webhooks'),
  audit: () => import('./resources/audit'),
} satisfies Record<string, Loader<unknown>>;

/** All namespaces, for i18next's key types. */
export interface AllNamespaces {
  common: typeof common;
  routes: typeof routes;
  auth: typeof auth;
  home: typeof home;
  layout: typeof layout;
  components: typeof components;
  catalog: typeof catalog;
  stock: typeof stock;
  devices: typeof devices;
  deviceSheets: typeof deviceSheets;
  staff: typeof staff;
  overview: typeof overview;
  notify: typeof notify;
  passport: typeof passport;
  bills: typeof bills;
  analytics: typeof analytics;
  report: typeof report;
  bankCards: typeof bankCards;
  funds: typeof funds;
  feeSplits: typeof feeSplits;
  gifts: typeof gifts;
  referrers: typeof referrers;
  marketing: typeof marketing;
  coupons: typeof coupons;
  members: typeof members;
  adverts: typeof adverts;
  apiKeys: typeof apiKeys;
  webhooks: typeof webhooks;
  audit: typeof audit;
}

export type NamespaceName = keyof AllNamespaces;
export type ResourcesOf<L extends Locale> = { [N in NamespaceName]: AllNamespaces[N][L] };
