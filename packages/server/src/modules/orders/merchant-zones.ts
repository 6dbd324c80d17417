import type { Kysely } from 'kysely';
import { startOfPeriod } from '@vendo/contract/constants';
import type { Database } from '../../db/database';

/** The merchant's local midnight of an instant: the day an order's daily totals count it in. */
export function saleDay(at: number, timeZone: string): number {
  return startOfPeriod('day', at, timeZone);
}

/**
 * Merchants' time zones, read once: "today" and the daily totals are in the merchant's zone (DESIGN: default
 * Asia/Shanghai). Reads through the caller's transaction, so it is safe inside one on SQLite's single connection.
 */
export class MerchantZones {
  private readonly zones = new Map<number, string>();

  constructor(private readonly fallback: string) {}

  async of(db: Kysely<Database>, merchantId: number): Promise<string> {
    const known = this.zones.get(merchantId);
    if (known) return known;
    const row = await db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    const zone = row?.time_zone || this.fallback;
    this.zones.set(merchantId, zone);
    return zone;
  }
}
