import type { AppEntry, MyApp } from '@vendo/contract/api/account';
import { appExpiresSoon, isAppUsable } from '@vendo/contract/constants';

const DAY_MS = 86_400_000;

/** The side menu's my apps (spec §2, §4): each entry with what the expiry rules make of it now. */
export function presentMyApps(apps: AppEntry[], now: number): MyApp[] {
  return apps.map((app) => ({
    ...app,
    usable: isAppUsable(app, now),
    expires_soon: appExpiresSoon(app, now),
    days_left: Math.max(0, Math.ceil((app.expire_at - now) / DAY_MS)),
  }));
}
