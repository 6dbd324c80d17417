import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { AppModules } from '../apps/app-modules';
import { AreaStoreRepository } from './area-store-repository';
import { AreaStoreService } from './area-store-service';
import { CatalogRemovals } from './catalog-removals';
import { GoodsImport } from './goods-import';
import { GoodsRepository } from './goods-repository';
import { GoodsService } from './goods-service';
import { ImageFiles } from './image-files';
import { ImageLibrary } from './image-library';
import { ImageUrls } from './image-urls';
import type { PlaceMachines } from './place-machines';
import { Regions } from './regions';

export interface Catalog {
  areasStores: AreaStoreService;
  goods: GoodsService;
  images: ImageLibrary;
  importer: GoodsImport;
  regions: Regions;
  files: ImageFiles;
  urls: ImageUrls;
  /** Modules built on the catalog attach to its deletes here. */
  removals: CatalogRemovals;
}

/** Wires the catalog (areas, stores, goods, images, import) with what each service uses. */
export function createCatalog(deps: {
  db: Kysely<Database>;
  apps: AppModules;
  messaging: MessagingApp;
  config: Pick<Config, 'dataDir' | 'imageHost' | 'publicUrl' | 'uploadMaxBytes'>;
  /** The machines standing in the catalog's places (the machines module answers). */
  machines: PlaceMachines;
  clock: () => number;
}): Catalog {
  const { db, apps, messaging, config, machines, clock } = deps;
  const removals = new CatalogRemovals();
  const goodsRepo = new GoodsRepository(db);
  const regions = Regions.load();
  const files = new ImageFiles(path.join(config.dataDir, 'uploads'));
  const urls = new ImageUrls(config.imageHost, config.publicUrl);
  const areasStores = new AreaStoreService({
    db,
    repo: new AreaStoreRepository(db),
    machines,
    removals,
    regions,
    apps,
    clock,
  });
  const goods = new GoodsService({ db, repo: goodsRepo, machines, removals, apps, urls, clock });
  return {
    areasStores,
    goods,
    images: new ImageLibrary({ db, files, urls, messaging, maxBytes: config.uploadMaxBytes, clock }),
    importer: new GoodsImport({ db, goods, repo: goodsRepo, clock }),
    regions,
    files,
    urls,
    removals,
  };
}
