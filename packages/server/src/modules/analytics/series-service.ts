import type { Kysely } from 'kysely';
import type {
  SalesSeries,
  SeriesBucket,
  days as daysCall,
  detail as detailCall,
  overview as overviewCall,
} from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import { nextPeriodStart, startOfPeriod } from '@vendo/contract/constants';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext } from '../../platform/auth';
import { permissionsOf } from '../accounts/permissions';
import type { DevicesService } from '../devices/devices-service';
import type { Body } from '../devices/call-types';
import { combineSales, dayFiguresOf, salesAnalysisOf, salesRecordOf } from '../orders/analysis-sums';
import type { AnalyticsQuery, Query } from './analytics-query';
import type { SalesFacts } from './sales-facts';
import { bucketsOf, defaultBucket, factGrouping, spread } from './time-buckets';

export interface SeriesDeps {
  db: Kysely<Database>;
  query: AnalyticsQuery;
  facts: SalesFacts;
  devices: Pick<DevicesService, 'presence'>;
}

type SeriesCondition = Body<typeof detailCall>['condition'];
type PlaceSeriesCondition = Body<typeof daysCall>['condition'];

/**
 * Figures over time: home's and the dashboard's today and yesterday, the dashboard's sales chart, and the
 * statistics screens' series by day and by hour of the day.
 */
export class SeriesService {
  constructor(private readonly d: SeriesDeps) {}

  /** Today and yesterday in the merchant's zone, and the caller's machines online now. */
  async overview(auth: AuthContext): Promise<CallResult<typeof overviewCall>> {
    const viewer = await this.d.query.viewer(auth);
    const today = startOfPeriod('day', viewer.now, viewer.timeZone);
    const yesterday = startOfPeriod('day', today - 1, viewer.timeZone);
    const [facts, presence] = await Promise.all([
      this.d.facts.orders(
        {
          merchantId: viewer.scope.merchantId,
          storeIds: viewer.scope.storeIds,
          start: yesterday,
          end: nextPeriodStart('day', viewer.now, viewer.timeZone),
        },
        'day',
      ),
      this.d.devices.presence(viewer.scope.merchantId, viewer.scope.storeIds),
    ]);
    const of = (day: number) =>
      dayFiguresOf(combineSales(facts.filter((f) => Number(f.key) === day)), viewer.seesProfit);
    return {
      today: of(today),
      yesterday: of(yesterday),
      device: { online: presence.online, offline: presence.total - presence.online },
    };
  }

  /** The dashboard's sales tab: the analysis of the range and its chart. */
  async detail(auth: AuthContext, c: SeriesCondition): Promise<SalesSeries> {
    const q = await this.d.query.resolve(auth, c);
    return this.series(q, c.bucket ?? defaultBucket(q.range));
  }

  /** /sicDevice's overview series (1027), by day or hour of the day. */
  async machines(auth: AuthContext, c: PlaceSeriesCondition, bucket: 'day' | 'hour'): Promise<SalesSeries> {
    return this.series(await this.d.query.resolve(auth, c), bucket);
  }

  /**
   * /sicAnalysisDetail: one area (1025), store (1026) or machine (1027), by day or hour of the day. The calls
   * declare no permission of their own: the place named decides which one applies.
   */
  async place(auth: AuthContext, c: PlaceSeriesCondition, bucket: 'day' | 'hour'): Promise<SalesSeries> {
    const named = [c.area, c.store, c.sn].filter((v) => v !== undefined).length;
    if (named !== 1) throw AppError.invalid('condition.area', 'onePlace');
    const perm =
      c.area !== undefined
        ? PERMISSIONS.SicArea
        : c.store !== undefined
          ? PERMISSIONS.SicStore
          : PERMISSIONS.SicDevice;
    if (!isMainAccount(auth.user) && !(await permissionsOf(this.d.db, auth.user)).includes(perm))
      throw new AppError(RCODE.FORBIDDEN);
    return this.series(await this.d.query.resolve(auth, c), bucket);
  }

  /** The analysis of a checked question and its records in the bucket asked for. */
  async series(q: Query, bucket: SeriesBucket): Promise<SalesSeries> {
    const facts = await this.d.facts.orders(q.filter, factGrouping(bucket));
    const buckets = bucketsOf(bucket, q.range, q.timeZone);
    return {
      bucket,
      analysis: salesAnalysisOf(combineSales(facts), q.seesProfit),
      records: spread(bucket, buckets, facts, q.timeZone).map((b) =>
        salesRecordOf(b.bucket, combineSales(b.facts), q.seesProfit),
      ),
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }
}
