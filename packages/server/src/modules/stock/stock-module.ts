import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { AppModules } from '../apps/app-modules';
import type { Catalog } from '../catalog/catalog-module';
import type { MachineShelves } from '../devices/machine-shelves';
import { StockRepository } from './stock-repository';
import { StockService } from './stock-service';

/**
 * Wires the stock on top of the catalog and the machines' shelves. Deleted goods and stores take their stock
 * entries with them, each logged: the stock listens to the catalog's deletes.
 */
export function createStock(deps: {
  db: Kysely<Database>;
  catalog: Catalog;
  shelves: MachineShelves;
  apps: AppModules;
  clock: () => number;
}): StockService {
  const { db, catalog, shelves, apps, clock } = deps;
  const repo = new StockRepository(db);
  catalog.removals.attach({
    goodsRemoved: (trx, removed) =>
      repo.removeEntries(trx, {
        merchantId: removed.merchantId,
        where: { goodsId: removed.goodsId },
        userId: removed.userId,
        remarks: removed.remarks,
        now: removed.now,
      }),
    storeRemoved: (trx, removed) =>
      repo.removeEntries(trx, {
        merchantId: removed.merchantId,
        where: { storeId: removed.storeId },
        areaId: removed.areaId,
        userId: removed.userId,
        remarks: removed.remarks,
        now: removed.now,
      }),
  });
  return new StockService({
    db,
    repo,
    goods: catalog.goods,
    areasStores: catalog.areasStores,
    machines: shelves,
    apps,
    urls: catalog.urls,
    clock,
  });
}
