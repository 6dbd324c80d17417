import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { CustomerIdentity } from '../orders/customer-identity';
import { MerchantZones } from '../orders/merchant-zones';
import { CouponOffer } from './coupon-offer';
import { CouponRepository } from './coupon-repository';
import { CouponsService } from './coupons-service';

export interface CouponsModule {
  /** /activity's calls. */
  coupons: CouponsService;
  /** The purchase page's calls and the offer plugged into the orders (OrdersModule.useSaleOffer). */
  offer: CouponOffer;
  customers: CustomerIdentity;
}

/** Coupons (issue 17, docs/marketing.md): built on the orders' sale-offers port and customer identity. */
export function createCoupons(deps: {
  db: Kysely<Database>;
  customers: CustomerIdentity;
  timeZone: string;
  clock: () => number;
}): CouponsModule {
  const repo = new CouponRepository(deps.db);
  const zones = new MerchantZones(deps.timeZone);
  return {
    coupons: new CouponsService({ db: deps.db, repo, zones, clock: deps.clock }),
    offer: new CouponOffer({ db: deps.db, repo, zones, customers: deps.customers, clock: deps.clock }),
    customers: deps.customers,
  };
}
