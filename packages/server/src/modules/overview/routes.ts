import * as api from '@vendo/contract/api/account';
import type { CallRegistrar } from '../../platform/route';
import type { AppModules } from '../apps/app-modules';
import { presentMyApps } from '../apps/my-apps';
import type { OverviewService } from './overview-service';

/** My apps (side menu) and the hidden /overview screen. */
export function overviewRoutes(
  r: CallRegistrar,
  overview: OverviewService,
  apps: AppModules,
  clock: () => number,
): void {
  r.session(api.getMyApps, async ({ auth }) => {
    const data = presentMyApps(await apps.list(auth.merchant.id), clock());
    return { data, count: data.length };
  });
  r.session(api.getOverview, ({ auth }) => overview.overview(auth));
}
