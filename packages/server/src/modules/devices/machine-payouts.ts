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

/** A machine's fee split as the device list shows it (spec §3 bank_split_detail). */
export type SplitDetail = NonNullable<Device['bank_split_detail']>;

/**
 * The split configurations the device list shows (bank_split_detail). The fee-splits module owns them and
 * provides this; the machines only hold is_bank_split and the configuration's id (devices.bank_split_id).
 */
export interface SplitDetails {
  /** These configurations of the merchant, by bank_split_id; unknown ids are left out. */
  details(merchantId: number, splitIds: readonly string[]): Promise<Map<string, SplitDetail>>;
}

export const NO_SPLIT_DETAILS: SplitDetails = { details: async () => new Map() };

/** A machine's payout card and fee split as stored. */
export interface MachineRouting {
  sn: string;
  storeId: number | null;
  payoutMerchantId: string | null;
  isBankSplit: boolean;
  bankSplitId: string | null;
}

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

  /** The merchant's machines, and those without a payout card; with storeIds (a staff scope), those stores' only. */
  async fleet(
    merchantId: number,
    storeIds: readonly number[] | null = null,
  ): Promise<{ total: number; unbound: number }> {
    if (storeIds !== null && storeIds.length === 0) return { total: 0, unbound: 0 };
    let query = this.db.selectFrom('devices').where('merchant_id', '=', merchantId);
    if (storeIds !== null) query = query.where('store_id', 'in', [...storeIds]);
    const row = await query
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('payout_merchant_id', 'is', null).then(1).else(0).end())
          .as('unbound'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unbound: Number(row.unbound ?? 0) };
  }

  /** The titles of these machines of the merchant (funds' profit sharing names each line's machine). */
  async titles(merchantId: number, sns: readonly string[]): Promise<Map<string, string>> {
    if (sns.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['sn', 'title'])
      .where('merchant_id', '=', merchantId)
      .where('sn', 'in', [...new Set(sns)])
      .execute();
    return new Map(rows.map((r) => [r.sn, r.title]));
  }

  /** The merchant's machines in these stores (a staff member's store scope). */
  async inStores(merchantId: number, storeIds: readonly number[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('devices')
      .select('sn')
      .where('merchant_id', '=', merchantId)
      .where('store_id', 'in', [...storeIds])
      .execute();
    return rows.map((r) => r.sn);
  }

  /** The payout card and fee split of one of the merchant's machines (in the transaction this was made with). */
  async routing(merchantId: number, sn: string): Promise<MachineRouting | undefined> {
    const row = await this.db
      .selectFrom('devices')
      .select(['sn', 'store_id', 'payout_merchant_id', 'is_bank_split', 'bank_split_id'])
      .where('merchant_id', '=', merchantId)
      .where('sn', '=', sn)
      .executeTakeFirst();
    return row
      ? {
          sn: row.sn,
          storeId: row.store_id,
          payoutMerchantId: row.payout_merchant_id,
          isBankSplit: row.is_bank_split === 1,
          bankSplitId: row.bank_split_id,
        }
      : undefined;
  }

  /** Machines splitting by each of these configurations now (is_bank_split on). */
  async countsBySplit(merchantId: number, splitIds: readonly string[]): Promise<Map<string, number>> {
    if (splitIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['bank_split_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .where('is_bank_split', '=', 1)
      .where('bank_split_id', 'in', [...splitIds])
      .groupBy('bank_split_id')
      .execute();
    return new Map(rows.map((r) => [r.bank_split_id ?? '', Number(r.n)]));
  }

  /** Turns a machine's fee split on or off and sets its configuration (the caller checked machine and scope). */
  async setSplit(
    merchantId: number,
    sn: string,
    on: boolean,
    splitId: string | null,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ is_bank_split: on ? 1 : 0, bank_split_id: splitId, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('sn', '=', sn)
      .execute();
  }

  /**
   * Sets (or, with null, clears) the payout card of the merchant's machines with these serial numbers, inside
   * the stores given (null: every store). Answers the serial numbers that are not such machines, changing
   * nothing then. With `movableFrom` (a staff member whose bank cards are "only own": the ids of their cards),
   * machines paying out to any other card are answered as `foreign`, changing nothing either.
   */
  async setPayout(
    merchantId: number,
    sns: readonly string[],
    payoutId: string | null,
    storeIds: number[] | null,
    now: number,
    movableFrom: readonly string[] | null = null,
  ): Promise<{ changed: number; missing: string[]; foreign: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('devices')
        .select(['sn', 'payout_merchant_id'])
        .where('merchant_id', '=', merchantId)
        .where('sn', 'in', [...sns]);
      if (storeIds !== null) {
        query = storeIds.length ? query.where('store_id', 'in', storeIds) : query.where(sql<boolean>`1 = 0`);
      }
      const rows = await query.execute();
      const found = new Set(rows.map((r) => r.sn));
      const missing = sns.filter((sn) => !found.has(sn));
      if (missing.length > 0) return { changed: 0, missing, foreign: [] };
      const foreign =
        movableFrom === null
          ? []
          : rows
              .filter((r) => r.payout_merchant_id !== null && !movableFrom.includes(r.payout_merchant_id))
              .map((r) => r.sn);
      if (foreign.length > 0) return { changed: 0, missing, foreign };
      await trx
        .updateTable('devices')
        .set({ payout_merchant_id: payoutId, updated_at: now })
        .where('merchant_id', '=', merchantId)
        .where('sn', 'in', [...found])
        .execute();
      return { changed: found.size, missing, foreign };
    });
  }
}
