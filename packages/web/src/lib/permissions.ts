import type { AppEntry, UserInfo } from '@vendo/contract/api/account';
import { appExpiresSoon, isAppUsable } from '@vendo/contract/constants';
import type { KnownAppModule } from '@vendo/contract/enums';
import {
  PERMISSIONS,
  REPORT_VIEW_PERMISSION,
  type DownloadKind,
  type PermissionName,
} from '@vendo/contract/permissions';

/** The part of the user info the rules read. */
export type Viewer = Pick<UserInfo, 'isMain' | 'havePerms' | 'appList'>;

/**
 * Who may see a module (spec §6). The main account needs no permission code; staff need at least one of
 * `anyOf`. `mainOnly` shuts staff out whatever their role. `app` must be held and not expired, for everyone.
 */
export interface AccessRule {
  anyOf?: readonly PermissionName[];
  mainOnly?: boolean;
  app?: KnownAppModule;
}

export const ACCESS = {
  dashboard: { anyOf: ['Dashboard'] },
  buyBill: { anyOf: ['BuyBill'] },
  payBill: { anyOf: ['PayBill'] },
  locationAnalysis: { anyOf: ['SicArea', 'SicStore'] },
  deviceAnalysis: { anyOf: ['SicDevice'] },
  goodsAnalysis: { anyOf: ['goodSum'] },
  deviceBind: { mainOnly: true },
  deviceUnbind: { mainOnly: true },
  deviceManage: { anyOf: ['DeviceManage'] },
  region: { anyOf: ['AreaStore'] },
  goodsManage: { anyOf: ['GoodsManage'] },
  activityCenter: { mainOnly: true },
  member: { mainOnly: true, app: 'Member' },
  advertisement: { mainOnly: true, app: 'Advertisement' },
  stock: { anyOf: ['Stock'], app: 'Stock' },
  profit: { anyOf: ['ProfitVisible'], app: 'Profit' },
  bankCard: { anyOf: ['BankManage'] },
  settle: { anyOf: ['Settle'] },
  staff: { mainOnly: true },
  notification: { mainOnly: true },
  apiKeys: { mainOnly: true },
  webhooks: { mainOnly: true },
  auditLog: { mainOnly: true },
  myApps: { mainOnly: true },
} as const satisfies Record<string, AccessRule>;

export type AccessName = keyof typeof ACCESS;

export function findApp(viewer: Pick<Viewer, 'appList'>, name: string): AppEntry | undefined {
  return viewer.appList.find((app) => app.app_module_name === name);
}

export function hasUsableApp(viewer: Pick<Viewer, 'appList'>, name: string, now: number): boolean {
  return isAppUsable(findApp(viewer, name), now);
}

/** The main account holds every permission; staff hold the codes of their role. */
export function hasPermission(viewer: Viewer, name: PermissionName): boolean {
  return viewer.isMain || viewer.havePerms.includes(PERMISSIONS[name]);
}

export function canAccess(viewer: Viewer | null, rule: AccessRule, now: number): boolean {
  if (!viewer) return false;
  if (rule.app && !hasUsableApp(viewer, rule.app, now)) return false;
  if (viewer.isMain) return true;
  if (rule.mainOnly) return false;
  return rule.anyOf === undefined || rule.anyOf.some((name) => hasPermission(viewer, name));
}

export function can(viewer: Viewer | null, name: AccessName, now: number): boolean {
  return canAccess(viewer, ACCESS[name], now);
}

function extendValue(app: AppEntry | undefined, name: string): string | undefined {
  return app?.extend.find((entry) => entry.name === name)?.value;
}

/**
 * Whether the viewer manages all stores: the main account and staff not limited to listed stores (spec §6). Staff
 * limited to listed stores change only those stores; areas and adding stores are the server's to refuse (720), so
 * the screens do not offer them.
 */
export function managesAllStores(viewer: Pick<UserInfo, 'allStores'> | null): boolean {
  return viewer?.allStores !== false;
}

/**
 * Staff change their own operation password only through the main account (spec §6); their login password
 * only when the Account app allows self-service (extend subuser_self_reset_password = 1).
 */
export function canChangeOwnOperPwd(viewer: Viewer): boolean {
  return viewer.isMain;
}

export function canResetOwnLoginPwd(viewer: Viewer): boolean {
  return (
    viewer.isMain || String(extendValue(findApp(viewer, 'Account'), 'subuser_self_reset_password')) === '1'
  );
}

const DAY_MS = 86_400_000;

export type AppState = 'active' | 'soon' | 'expired';

/** Spec §4: usable while expire_at is ahead; a warning under 30 days. */
export function appState(app: AppEntry, now: number): AppState {
  if (!isAppUsable(app, now)) return 'expired';
  return appExpiresSoon(app, now) ? 'soon' : 'active';
}

/** Whole days left, rounded up, for the warning text ("expires in 3 days"). */
export function appDaysLeft(app: AppEntry, now: number): number {
  const left = app.expire_at - now;
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** Report download of a kind: the main account, or staff holding 1033 and the permission of the view (spec §6). */
export function mayDownloadReport(viewer: Viewer | null, kind: DownloadKind): boolean {
  return (
    viewer !== null && hasPermission(viewer, 'Report') && hasPermission(viewer, REPORT_VIEW_PERMISSION[kind])
  );
}
