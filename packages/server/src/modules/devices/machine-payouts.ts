import { sql, type Kysely } from 'kysely';
import type { Device } from '@vendo/contract/api/devices';
import type { Database } from '../../db/database';

/** A machine's payout card as the device list shows it (spec §3 merchant_detail). */
export type PayoutMerchantDetail = NonNullable<Device['merchant_detail']>;

/**
 * The payout card the device list shows for a machine (merchant_detail). The bank-card module owns the cards and
 * provides this; the machines only hold the card's id (devices.payout_merchant_id).
 */
export interface PayoutDetails {
  /** Masked details of these cards of the merchant, by merchant_id; unknown ids are left out. */
  details(merchantId: number, payoutIds: readonly string[]): Promise<Map<string, PayoutMerchantDetail>>;
}

export const NO_PAYOUT_DETAILS: PayoutDetails = { details: async () => new Map() };

/**
 * What the bank-card module asks of the machines: how many are bound to a card, how many have none, and setting
 * or clearing the card of some. The machines module owns the devices table, so these queries live here.
 */
export class MachinePayouts {
  constructor(private readonly db: Kysely<Database>) {}

  async boundTo(merchantId: number, payoutId: string): Promise<number> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('payout_merchant_id', '=', payoutId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Machines bound to each of these cards. */
  async countsByPayout(merchantId: number, payoutIds: readonly string[]): Promise<Map<string, number>> {
    if (payoutIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['payout_merchant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .where('payout_merchant_id', 'in', payoutIds)
      .groupBy('payout_merchant_id')
      .execute();
    return new Map(rows.map((r) => [r.payout_merchant_id ?? '', Number(r.n)]));
  }

  /** The merchant's machines, and those without a payout card. */
  async fleet(merchantId: number): Promise<{ total: number; unbound: number }> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('payout_merchant_id', 'is', null).then(1).else(0).end())
          .as('unbound'),
      ])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unbound: Number(row.unbound ?? 0) };
  }

  /**
   * Sets (or, with null, clears) the payout card of the merchant's machines with these serial numbers, inside
   * the stores given (null: every store). Answers the serial numbers that are not such machines, changing
   * nothing then.
   */
  async setPayout(
    merchantId: number,
    sns: readonly string[],
    payoutId: string | null,
    storeIds: number[] | null,
    now: number,
  ): Promise<{ changed: number; missing: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('devices')
        .select('sn')
        .where('merchant_id', '=', merchantId)
        .where('sn', 'in', [...sns]);
      if (storeIds !== null) {
        query = storeIds.length ? query.where('store_id', 'in', storeIds) : query.where(sql<boolean>`1 = 0`);
      }
      const found = new Set((await query.execute()).map((r) => r.sn));
      const missing = sns.filter((sn) => !found.has(sn));
      if (missing.length > 0) return { changed: 0, missing };
      await trx
        .updateTable('devices')
        .set({ payout_merchant_id: payoutId, updated_at: now })
        .where('merchant_id', '=', merchantId)
        .where('sn', 'in', [...found])
        .execute();
      return { changed: found.size, missing };
    });
  }
}
