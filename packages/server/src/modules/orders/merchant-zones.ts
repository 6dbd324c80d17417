import type { Kysely } from 'kysely';
import { nextPeriodStart, startOfPeriod } from '@vendo/contract/constants';
import type { Database } from '../../db/database';

/** The merchant's local midnight of an instant: the day an order's daily totals count it in. */
export function saleDay(at: number, timeZone: string): number {
  // Every machine sale asks, nearly always for today: the zone's calendar is worked out once a day, not per sale.
  const day = lastDay.get(timeZone);
  if (day && at >= day.from && at < day.to) return day.from;
  const from = startOfPeriod('day', at, timeZone);
  if (lastDay.size >= 64) lastDay.clear();
  lastDay.set(timeZone, { from, to: nextPeriodStart('day', from, timeZone) });
  return from;
}

/** Per zone, the last day a sale fell in: [from, to) in ms. */
const lastDay = new Map<string, { from: number; to: number }>();

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
