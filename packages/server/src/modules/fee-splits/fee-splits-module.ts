import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import type { PayoutAccounts } from '../bank-cards/payout-accounts';
import { FeeSplitsService } from './fee-splits-service';

export interface FeeSplitsModule {
  /** The configurations' calls, the device list's SplitDetails and the ledger's sharesFor. */
  splits: FeeSplitsService;
}

/** Fee splitting, built on the payout cards (bank-cards) and the machines (devices). */
export function createFeeSplits(deps: {
  db: Kysely<Database>;
  accounts: PayoutAccounts;
  limiter: RateLimiter;
  clock: () => number;
}): FeeSplitsModule {
  return { splits: new FeeSplitsService(deps) };
}
