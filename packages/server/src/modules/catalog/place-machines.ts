import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/**
 * What the catalog needs to know of the machines standing in its places and holding its goods. The machines
 * module answers it (devices/machine-shelves.ts); the catalog names only this, so it never imports the module
 * built on it.
 */
export interface PlaceMachines {
  /** Machines per store of the merchant. */
  deviceCountsByStore(merchantId: number, storeIds: number[]): Promise<Map<number, number>>;
  /** Machines per area of the merchant, only those in the given stores when a store list is given. */
  deviceCountsByArea(
    merchantId: number,
    areaIds: number[],
    storeIds: number[] | null,
  ): Promise<Map<number, number>>;
  /** A store moved to another area takes its machines along, inside the move's transaction. */
  moveStoreDevices(trx: Kysely<Database>, merchantId: number, storeId: number, areaId: number): Promise<void>;
  /** Shelves of the merchant's machines holding these goods. */
  countShelvesWithGoods(merchantId: number, goodsId: number): Promise<number>;
}
