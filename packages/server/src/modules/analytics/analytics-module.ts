import type { Kysely } from 'kysely';
import { REPORT_KINDS } from '@vendo/contract/api/analytics';
import type { Database } from '../../db/database';
import type { Authenticator } from '../../platform/auth';
import { ReportTickets } from '../../platform/report-tickets';
import type { AppModules } from '../apps/app-modules';
import type { ImageUrls } from '../catalog/image-urls';
import type { DevicesService } from '../devices/devices-service';
import type { BillsService } from '../orders/bills-service';
import { AnalyticsQuery } from './analytics-query';
import { GoodsAnalysisService } from './goods-analysis-service';
import { ListsService } from './lists-service';
import { PlaceRepository } from './place-repository';
import { RankingsService } from './rankings-service';
import { ReportService } from './report-service';
import type { SalesFacts } from './sales-facts';
import { SeriesService } from './series-service';

export interface AnalyticsModuleDeps {
  db: Kysely<Database>;
  /** The rollups (RollupFacts): the services never read the raw orders. */
  facts: SalesFacts;
  apps: AppModules;
  urls: ImageUrls;
  clock: () => number;
  /** The zone of merchants without one of their own. */
  timeZone: string;
  /** Machines online and in all, for the dashboard. */
  devices: DevicesService;
  /** Report files of the bills come from the bill lists themselves. */
  bills: BillsService;
  /** Download links name the session that asked; opening one resumes it. */
  authenticator: Authenticator;
  /** Download links are signed with a key derived from it. */
  platformSecret: string;
}

/** The analytics feature (issue 6): the dashboard, the statistics screens, home's figures, report files. */
export interface AnalyticsModule {
  query: AnalyticsQuery;
  series: SeriesService;
  rankings: RankingsService;
  lists: ListsService;
  goods: GoodsAnalysisService;
  report: ReportService;
}

export function createAnalyticsModule(deps: AnalyticsModuleDeps): AnalyticsModule {
  const { db, facts } = deps;
  const places = new PlaceRepository(db);
  const query = new AnalyticsQuery({
    db,
    places,
    apps: deps.apps,
    clock: deps.clock,
    timeZone: deps.timeZone,
  });
  const series = new SeriesService({ db, query, facts, devices: deps.devices });
  const lists = new ListsService({ query, facts, places });
  const goods = new GoodsAnalysisService({ query, facts, places, urls: deps.urls });
  const report = new ReportService({
    db,
    tickets: new ReportTickets(deps.platformSecret, deps.clock, 'analytics-report-links', REPORT_KINDS),
    authenticator: deps.authenticator,
    bills: deps.bills,
    query,
    series,
    lists,
    goods,
  });
  return { query, series, rankings: new RankingsService({ query, facts, places }), lists, goods, report };
}
