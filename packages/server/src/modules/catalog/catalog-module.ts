import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { AppModules } from '../apps/app-modules';
import { StockRepository } from '../stock/stock-repository';
import { StockService } from '../stock/stock-service';
import { AreaStoreRepository } from './area-store-repository';
import { AreaStoreService } from './area-store-service';
import { GoodsImport } from './goods-import';
import { GoodsRepository } from './goods-repository';
import { GoodsService } from './goods-service';
import { ImageFiles } from './image-files';
import { ImageLibrary } from './image-library';
import { ImageUrls } from './image-urls';
import { MachineShelves } from './machine-shelves';
import { Regions } from './regions';

export interface Catalog {
  areasStores: AreaStoreService;
  goods: GoodsService;
  images: ImageLibrary;
  importer: GoodsImport;
  stock: StockService;
  regions: Regions;
  files: ImageFiles;
  urls: ImageUrls;
  machines: MachineShelves;
}

/** Wires the catalog (areas, stores, goods, images, import) and stock services with what each one uses. */
export function createCatalog(deps: {
  db: Kysely<Database>;
  apps: AppModules;
  messaging: MessagingApp;
  config: Pick<Config, 'dataDir' | 'imageHost' | 'publicUrl' | 'uploadMaxBytes'>;
  clock: () => number;
}): Catalog {
  const { db, apps, messaging, config, clock } = deps;
  const machines = new MachineShelves(db);
  const stockRepo = new StockRepository(db);
  const goodsRepo = new GoodsRepository(db);
  const regions = Regions.load();
  const files = new ImageFiles(path.join(config.dataDir, 'uploads'));
  const urls = new ImageUrls(config.imageHost, config.publicUrl);
  const areasStores = new AreaStoreService({
    db,
    repo: new AreaStoreRepository(db),
    machines,
    stock: stockRepo,
    regions,
    apps,
    clock,
  });
  const goods = new GoodsService({ db, repo: goodsRepo, machines, stock: stockRepo, apps, urls, clock });
  return {
    areasStores,
    goods,
    images: new ImageLibrary({ db, files, urls, messaging, maxBytes: config.uploadMaxBytes, clock }),
    importer: new GoodsImport({ db, goods, repo: goodsRepo, clock }),
    stock: new StockService({
      db,
      repo: stockRepo,
      goods: goodsRepo,
      areasStores,
      machines,
      apps,
      urls,
      clock,
    }),
    regions,
    files,
    urls,
    machines,
  };
}
