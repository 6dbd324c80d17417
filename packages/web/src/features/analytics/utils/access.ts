import type { PermissionName } from '@vendo/contract/enums';
import { hasPermission, type Viewer } from '../../../lib/permissions';

/*
 * Who sees which statistics (spec §6). The server checks every call again (and narrows staff to their stores);
 * these rules decide what the screens offer, so nobody meets a tab that can only fail.
 */

/** The statistics views and the permission each needs: the dashboard 1020, areas 1025, stores 1026, machines
 * 1027, goods 1035. */
export const VIEW_PERMISSION = {
  dashboard: 'Dashboard',
  area: 'SicArea',
  store: 'SicStore',
  device: 'SicDevice',
  goods: 'goodSum',
} as const satisfies Record<string, PermissionName>;

export type StatsView = keyof typeof VIEW_PERMISSION;

export function maySee(viewer: Viewer | null, view: StatsView): boolean {
  return viewer !== null && hasPermission(viewer, VIEW_PERMISSION[view]);
}

/** The tabs of /sicRegion the viewer may open, in order: areas (1025), stores (1026). */
export function regionTabs(viewer: Viewer | null): ('area' | 'store')[] {
  return (['area', 'store'] as const).filter((view) => maySee(viewer, view));
}
