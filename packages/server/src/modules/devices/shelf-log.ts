import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** A shelf's stock changing: by a person (refill, new goods, unbind) or by the machine (sales, prizes). */
export interface ShelfChange {
  merchantId: number;
  device: { sn: string; area_id: number | null; store_id: number | null };
  shelf: { id: number; channel_sn: number };
  before: { goodsId: number | null; quantity: number };
  after: { goodsId: number | null; quantity: number };
  /** null for changes the machine reported (sales, prizes). */
  userId: number | null;
  orderNo?: string;
  remarks: string;
  now: number;
}

/**
 * Records a shelf change in the stock log inside the caller's transaction. The stock module provides it
 * (stock/shelf-stock-log.ts): the stock is built on the machines, so the machines module only names what it needs.
 */
export type ShelfLog = (trx: Kysely<Database>, change: ShelfChange) => Promise<void>;
