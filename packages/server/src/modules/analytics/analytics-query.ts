import type { Kysely } from 'kysely';
import { checkTimeRange, startOfPeriod, zonedDate } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import { canView } from '../accounts/permissions';
import type { AppModules } from '../apps/app-modules';
import { checkFilterPlaces } from '../catalog/filter-places';
import { MachineShelves } from '../devices/machine-shelves';
import type { PlaceRepository } from './place-repository';
import type { FactFilter } from './sales-facts';

/** The phone's clock may run a little ahead of the server's: an end up to a minute after now passes. */
export const CLOCK_SKEW_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** The picker's range (end inclusive) as the calls receive it, and the places that narrow it. */
export interface RangeCondition {
  start_time?: number | undefined;
  end_time?: number | undefined;
}
export interface PlaceCondition {
  area?: number | undefined;
  store?: number | undefined;
  sn?: string | undefined;
  goods_id?: number | undefined;
}

/** Who asks, as analytics sees it. */
export interface Viewer {
  auth: AuthContext;
  scope: Scope;
  timeZone: string;
  seesProfit: boolean;
  now: number;
}

/** A checked question: the viewer, the range [start, end) on local hour starts, and the facts filter. */
export interface Query extends Viewer {
  range: { start: number; end: number };
  filter: FactFilter;
}

export interface AnalyticsQueryDeps {
  db: Kysely<Database>;
  places: PlaceRepository;
  apps: AppModules;
  clock: () => number;
  /** The zone of merchants without one of their own. */
  timeZone: string;
}

/**
 * The rules every analytics call shares: the caller's store scope and profit view, the merchant's time zone, the
 * range defaulted to today and checked by the picker's rules, and every id the caller names checked against the
 * merchant and the caller's stores — the answers read like the catalog's and the devices' for a foreign id.
 */
export class AnalyticsQuery {
  constructor(private readonly d: AnalyticsQueryDeps) {}

  scope(auth: AuthContext): Promise<Scope> {
    return scopeOf(this.d.db, auth);
  }

  async viewer(auth: AuthContext): Promise<Viewer> {
    const [scope, seesProfit] = await Promise.all([
      scopeOf(this.d.db, auth),
      canView({ db: this.d.db, apps: this.d.apps, clock: this.d.clock }, auth.user, 'profit'),
    ]);
    return {
      auth,
      scope,
      seesProfit,
      timeZone: auth.merchant.time_zone || this.d.timeZone,
      now: this.d.clock(),
    };
  }

  async resolve(auth: AuthContext, c: RangeCondition & PlaceCondition): Promise<Query> {
    const viewer = await this.viewer(auth);
    const range = resolveRange(c, viewer.now, viewer.timeZone);
    await this.checkPlaces(viewer.scope, c);
    return {
      ...viewer,
      range,
      filter: {
        merchantId: viewer.scope.merchantId,
        storeIds: viewer.scope.storeIds,
        areaId: c.area,
        storeId: c.store,
        sn: c.sn,
        goodsId: c.goods_id,
        start: range.start,
        end: range.end,
      },
    };
  }

  private async checkPlaces(scope: Scope, c: PlaceCondition): Promise<void> {
    await checkFilterPlaces(this.d.db, scope, { area: c.area, store: c.store, goods: c.goods_id });
    if (c.sn !== undefined) await new MachineShelves(this.d.db).checkFilterMachine(scope, c.sn);
  }
}

/**
 * The picker's range (spec §2) checked and turned into local hour starts [start, end): start defaults to the
 * start of the end's day, end to now; the end is inclusive (the picker sends the last ms of a period, or now).
 */
export function resolveRange(
  c: RangeCondition,
  now: number,
  timeZone: string,
): { start: number; end: number } {
  const last = c.end_time ?? now;
  const first = c.start_time ?? startOfPeriod('day', last, timeZone);
  const problem = checkTimeRange(first, last, now + CLOCK_SKEW_MS);
  if (problem) {
    throw AppError.invalid(
      problem === 'rangeStartTooEarly' ? 'condition.start_time' : 'condition.end_time',
      problem,
    );
  }
  return { start: localHourStart(first, timeZone), end: localHourStart(last, timeZone) + HOUR_MS };
}

/** The start of the local hour holding an instant (zones a half hour off UTC included). */
export function localHourStart(ms: number, timeZone: string): number {
  const d = zonedDate(ms, timeZone);
  return ms - d.minute * 60_000 - d.second * 1000 - (((ms % 1000) + 1000) % 1000);
}
