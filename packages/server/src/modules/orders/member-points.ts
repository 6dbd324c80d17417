import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

/** What a customer spends points on: a coupon received, a gift voucher redeemed. */
export interface PointsSpend {
  merchant_id: number;
  /** `<channel>:<openid>`, verified (a signed customer token). */
  customer: string;
  points: number;
  reason: 'coupon' | 'gift';
  /** The coupon receipt id or the gift code. */
  ref: string;
  /** The order the points paid for (a gift voucher's free order), when there is one: it becomes the member's. */
  order_id?: number | null;
  now: number;
}

/**
 * Member points as coupons and gift vouchers spend them (issue 18), offered by the members module and plugged in by
 * app.ts, so neither imports members. Spends inside the caller's transaction: a guarded update (point >= cost), so
 * racing spends never take a member below 0. Throws AppError MEMBER_POINTS_SHORT {have, need} when the customer is
 * no member or has too few points, MEMBERS_UNAVAILABLE when the merchant's Member app has expired.
 */
export interface MemberPoints {
  spend(trx: Db, spend: PointsSpend): Promise<void>;
  /** The customer's points at the merchant; null when they are no member or the Member app is unusable. */
  balance(db: Db, merchantId: number, customer: string): Promise<number | null>;
}
