import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { ReferrerService } from './referrer-service';

export interface ReferrersModule {
  /** The calls of /referrer, the orders' SaleOffer (attribution, sales, commission) and what marketing reads. */
  referrers: ReferrerService;
}

/** Referrers, built on the orders (its SaleOffer port): app.ts plugs `referrers` in with orders.useSaleOffer. */
export function createReferrers(deps: {
  db: Kysely<Database>;
  clock: () => number;
  timeZone: string;
}): ReferrersModule {
  return { referrers: new ReferrerService(deps) };
}
