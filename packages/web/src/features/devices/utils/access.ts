import type { UserInfo } from '@vendo/contract/api/account';
import { findApp, hasPermission, hasUsableApp, type Viewer } from '../../../lib/permissions';

/*
 * Who may do what with devices (spec §6). The server checks all of it again; these rules decide what the screens
 * offer, so nobody meets a button that can only fail.
 */

/** /deviceManage: the Device app held and not expired, then the main account or DeviceManage (1023). */
export type DeviceAccess = 'ok' | 'noApp' | 'noPermission';

export function deviceAccess(viewer: Viewer | UserInfo | null, now: number): DeviceAccess {
  if (!viewer) return 'noPermission';
  if (!hasUsableApp(viewer, 'Device', now)) return 'noApp';
  return hasPermission(viewer, 'DeviceManage') ? 'ok' : 'noPermission';
}

/** Binding and unbinding are the main account's alone. */
export function canBind(viewer: Pick<Viewer, 'isMain'>): boolean {
  return viewer.isMain;
}

export const canUnbind = canBind;

/** The card's control entry: remote control for the main account or DeviceControl (1030), else the test entry. */
export type ControlEntry = 'remote' | 'test' | null;

export function controlEntry(viewer: Viewer): ControlEntry {
  if (hasPermission(viewer, 'DeviceControl')) return 'remote';
  return hasPermission(viewer, 'DeviceTest') ? 'test' : null;
}

/** Custom shelf numbering and the shelf count: the main account or InitChannel (1034). */
export function canNumberShelves(viewer: Viewer): boolean {
  return hasPermission(viewer, 'InitChannel');
}

/** The remote-control debug console: the Account app's extend console_enable is '1'. */
export function consoleEnabled(viewer: Pick<Viewer, 'appList'>): boolean {
  const value = findApp(viewer, 'Account')?.extend.find((e) => e.name === 'console_enable')?.value;
  return String(value) === '1';
}

/** The store's page of /stock, when the Stock app is usable and the person may see stock. */
export function storeStockPath(viewer: Viewer, storeId: number | null, now: number): string | null {
  if (storeId === null || !hasUsableApp(viewer, 'Stock', now) || !hasPermission(viewer, 'Stock')) return null;
  return `/stock?tab=stores&store=${storeId}`;
}
