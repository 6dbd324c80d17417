import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Authenticator } from '../../platform/auth';
import type { RateLimiter } from '../../platform/rate-limit';
import { ReportTickets } from '../../platform/report-tickets';
import type { CustomerIdentity } from '../orders/customer-identity';
import type { GiftOrders } from '../orders/gift-orders';
import { GiftRepository } from './gift-repository';
import { GIFT_FILE_KIND, GiftsService } from './gifts-service';

export interface GiftsModule {
  /** The batches' calls, the redemption, and what the activity center and the records read. */
  gifts: GiftsService;
}

/** Gift vouchers (issue 17), built on the orders' free gift orders. */
export function createGifts(deps: {
  db: Kysely<Database>;
  orders: GiftOrders;
  limiter: RateLimiter;
  authenticator: Authenticator;
  platformSecret: string;
  clock: () => number;
  customers?: CustomerIdentity;
}): GiftsModule {
  return {
    gifts: new GiftsService({
      db: deps.db,
      repo: new GiftRepository(deps.db),
      orders: deps.orders,
      limiter: deps.limiter,
      tickets: new ReportTickets(deps.platformSecret, deps.clock, 'gift-code-links', [GIFT_FILE_KIND]),
      authenticator: deps.authenticator,
      clock: deps.clock,
      ...(deps.customers ? { customers: deps.customers } : {}),
    }),
  };
}
