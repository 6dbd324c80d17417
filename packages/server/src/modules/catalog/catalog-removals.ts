import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Trx = Kysely<Database>;

/** Goods deleted by a person, told inside the transaction that deletes them. */
export interface GoodsRemoved {
  merchantId: number;
  goodsId: number;
  userId: number;
  remarks: string;
  now: number;
}

/** A store deleted by a person, told inside the transaction that deletes it. */
export interface StoreRemoved {
  merchantId: number;
  storeId: number;
  areaId: number;
  userId: number;
  remarks: string;
  now: number;
}

/** What a module above the catalog does when goods or a store leave (the stock empties their entries). */
export interface RemovalListener {
  goodsRemoved(trx: Trx, removed: GoodsRemoved): Promise<void>;
  storeRemoved(trx: Trx, removed: StoreRemoved): Promise<void>;
}

/**
 * The catalog tells the modules built on it about deletes through listeners they attach, so that it never
 * imports them (the stock depends on the catalog, not the other way round).
 */
export class CatalogRemovals {
  private readonly listeners: RemovalListener[] = [];

  attach(listener: RemovalListener): void {
    this.listeners.push(listener);
  }

  async goodsRemoved(trx: Trx, removed: GoodsRemoved): Promise<void> {
    for (const listener of this.listeners) await listener.goodsRemoved(trx, removed);
  }

  async storeRemoved(trx: Trx, removed: StoreRemoved): Promise<void> {
    for (const listener of this.listeners) await listener.storeRemoved(trx, removed);
  }
}
