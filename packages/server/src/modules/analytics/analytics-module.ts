import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { AppModules } from '../apps/app-modules';
import type { ImageUrls } from '../catalog/image-urls';
import { DeviceRepository } from '../devices/device-repository';
import { AnalyticsQuery } from './analytics-query';
import { GoodsAnalysisService } from './goods-analysis-service';
import { ListsService } from './lists-service';
import { PlaceRepository } from './place-repository';
import { RankingsService } from './rankings-service';
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
}

/** The analytics feature (issue 6): the dashboard, the statistics screens, home's figures. */
export interface AnalyticsModule {
  query: AnalyticsQuery;
  series: SeriesService;
  rankings: RankingsService;
  lists: ListsService;
  goods: GoodsAnalysisService;
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
  return {
    query,
    series: new SeriesService({ db, query, facts, devices: new DeviceRepository(db) }),
    rankings: new RankingsService({ query, facts, places }),
    lists: new ListsService({ query, facts, places }),
    goods: new GoodsAnalysisService({ query, facts, places, urls: deps.urls }),
  };
}
