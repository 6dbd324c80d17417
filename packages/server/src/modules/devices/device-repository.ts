import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import type { DeviceRow } from './device-tables';

/** A device with the names of its store and area (catalog tables), as the list shows it. */
export interface PlacedDevice extends DeviceRow {
  area_name: string | null;
  store_name: string | null;
}

export interface DeviceListFilter {
  merchantId: number;
  /** null: every store; otherwise only devices standing in these stores. */
  storeIds: number[] | null;
  sn?: string | undefined;
  areaId?: number | undefined;
  storeId?: number | undefined;
  title?: string | undefined;
  alive?: 0 | 1 | undefined;
  /** undefined: any; null: devices without a payout merchant; else that payout merchant. */
  payoutMerchantId?: string | null | undefined;
}

/** LIKE pattern for "contains", with the wildcards of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** All SQL about devices and their binding history. */
export class DeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findBySn(sn: string, db: Kysely<Database> = this.db): Promise<DeviceRow | undefined> {
    return db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  findByClientid(clientid: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('clientid', '=', clientid).executeTakeFirst();
  }

  /**
   * Store and area names come from the catalog's tables; a deleted store (or area) reads as none, and a store
   * of another merchant never joins.
   */
  private placed(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('devices')
      .leftJoin('stores', (j) =>
        j
          .onRef('stores.id', '=', 'devices.store_id')
          .onRef('stores.merchant_id', '=', 'devices.merchant_id')
          .on('stores.deleted_at', 'is', null),
      )
      .leftJoin('areas', (j) =>
        j
          .onRef('areas.id', '=', 'devices.area_id')
          .onRef('areas.merchant_id', '=', 'devices.merchant_id')
          .on('areas.deleted_at', 'is', null),
      );
  }

  async findPlaced(sn: string): Promise<PlacedDevice | undefined> {
    return this.placed()
      .selectAll('devices')
      .select(['areas.name as area_name', 'stores.name as store_name'])
      .where('devices.sn', '=', sn)
      .executeTakeFirst();
  }

  async list(filter: DeviceListFilter, page: { offset: number; limit: number }): Promise<PlacedDevice[]> {
    return this.placed()
      .where((eb) => this.conditions(eb, filter))
      .selectAll('devices')
      .select(['areas.name as area_name', 'stores.name as store_name'])
      .orderBy('devices.sn')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  }

  async count(filter: DeviceListFilter): Promise<number> {
    const row = await this.placed()
      .where((eb) => this.conditions(eb, filter))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countByPresence(
    merchantId: number,
    storeIds: number[] | null,
  ): Promise<{ online: number; total: number }> {
    let q = this.db
      .selectFrom('devices')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.ref('alive')).as('online')])
      .where('merchant_id', '=', merchantId);
    if (storeIds !== null) {
      q = storeIds.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('store_id', 'in', storeIds);
    }
    const row = await q.executeTakeFirstOrThrow();
    return { online: Number(row.online ?? 0), total: Number(row.total) };
  }

  /** The list conditions, on the devices joined with their stores and areas. */
  private conditions(eb: ExpressionBuilder<Database, 'devices' | 'stores' | 'areas'>, f: DeviceListFilter) {
    const all: Expression<SqlBool>[] = [eb('devices.merchant_id', '=', f.merchantId)];
    if (f.storeIds !== null) {
      all.push(f.storeIds.length === 0 ? sql<SqlBool>`1 = 0` : eb('devices.store_id', 'in', f.storeIds));
    }
    if (f.sn) all.push(eb('devices.sn', 'like', `%${f.sn}%`));
    if (f.title) all.push(sql<SqlBool>`lower(devices.title) like ${containsPattern(f.title)} escape '\\'`);
    if (f.storeId !== undefined) all.push(eb('devices.store_id', '=', f.storeId));
    if (f.areaId !== undefined) all.push(eb('devices.area_id', '=', f.areaId));
    if (f.alive !== undefined) all.push(eb('devices.alive', '=', f.alive));
    if (f.payoutMerchantId === null) all.push(eb('devices.payout_merchant_id', 'is', null));
    else if (f.payoutMerchantId !== undefined)
      all.push(eb('devices.payout_merchant_id', '=', f.payoutMerchantId));
    return eb.and(all);
  }

  /** Takes an unbound machine for a merchant; false when someone bound it first. */
  async bind(
    trx: Kysely<Database>,
    input: { sn: string; merchantId: number; userId: number; title: string; type: string; now: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('devices')
      .set((eb) => ({
        merchant_id: input.merchantId,
        title: input.title,
        type: input.type,
        bound_at: input.now,
        updated_at: input.now,
        // The new owner's settings and shelves must reach the machine.
        settings_rev: eb('settings_rev', '+', 1),
        shelves_rev: eb('shelves_rev', '+', 1),
      }))
      .where('sn', '=', input.sn)
      .where('merchant_id', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('device_bindings')
      .values({
        sn: input.sn,
        merchant_id: input.merchantId,
        title: input.title,
        type: input.type,
        bound_by: input.userId,
        bound_at: input.now,
        unbound_by: null,
        unbound_at: null,
      })
      .execute();
    return true;
  }

  /**
   * Releases the machine: the owner, placement, payout and settings go back to a factory state, while the
   * binding history (and the events and orders naming the merchant) stay.
   */
  async unbind(
    trx: Kysely<Database>,
    input: { sn: string; merchantId: number; userId: number; defaultSettings: string; now: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('devices')
      .set((eb) => ({
        merchant_id: null,
        title: '',
        area_id: null,
        store_id: null,
        payout_merchant_id: null,
        is_bank_split: 0,
        bank_split_id: null,
        settings: input.defaultSettings,
        stock_notify_threshold: 0,
        settings_rev: eb('settings_rev', '+', 1),
        shelves_rev: eb('shelves_rev', '+', 1),
        last_dispense_at: null,
        bound_at: null,
        updated_at: input.now,
      }))
      .where('sn', '=', input.sn)
      .where('merchant_id', '=', input.merchantId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('device_bindings')
      .set({ unbound_by: input.userId, unbound_at: input.now })
      .where('sn', '=', input.sn)
      .where('merchant_id', '=', input.merchantId)
      .where('unbound_at', 'is', null)
      .execute();
    return true;
  }

  /** Saves settings (and title, placement) and raises the settings revision; answers the new revision. */
  async saveSettings(input: {
    sn: string;
    settings: string;
    stockNotifyThreshold: number;
    title?: string | undefined;
    place?: { storeId: number | null; areaId: number | null } | undefined;
    now: number;
  }): Promise<number> {
    await this.db
      .updateTable('devices')
      .set((eb) => ({
        settings: input.settings,
        stock_notify_threshold: input.stockNotifyThreshold,
        settings_rev: eb('settings_rev', '+', 1),
        updated_at: input.now,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.place ? { store_id: input.place.storeId, area_id: input.place.areaId } : {}),
      }))
      .where('sn', '=', input.sn)
      .execute();
    const row = await this.db
      .selectFrom('devices')
      .select('settings_rev')
      .where('sn', '=', input.sn)
      .executeTakeFirstOrThrow();
    return row.settings_rev;
  }

  async markSettingsAcked(sn: string, rev: number): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ settings_acked_rev: rev })
      .where('sn', '=', sn)
      .where('settings_acked_rev', '<', rev)
      .execute();
  }

  /** Raises the shelves revision inside a shelf change; answers the new revision. */
  async bumpShelvesRev(trx: Kysely<Database>, sn: string, now: number): Promise<number> {
    await trx
      .updateTable('devices')
      .set((eb) => ({ shelves_rev: eb('shelves_rev', '+', 1), updated_at: now }))
      .where('sn', '=', sn)
      .execute();
    const row = await trx
      .selectFrom('devices')
      .select('shelves_rev')
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    return row.shelves_rev;
  }

  async markShelvesAcked(sn: string, rev: number): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ shelves_acked_rev: rev })
      .where('sn', '=', sn)
      .where('shelves_acked_rev', '<', rev)
      .execute();
  }

  /**
   * Claims the cool-down slot: succeeds only when the last dispense is older than the cool-down, so two
   * dispenses sent at the same moment cannot both pass.
   */
  async claimDispense(sn: string, now: number, coolDownMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ last_dispense_at: now })
      .where('sn', '=', sn)
      .where((eb) =>
        eb.or([eb('last_dispense_at', 'is', null), eb('last_dispense_at', '<=', now - coolDownMs)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A store of this merchant that still exists, with its area. */
  findStore(merchantId: number, storeId: number) {
    return this.db
      .selectFrom('stores')
      .select(['id', 'area_id', 'name'])
      .where('id', '=', storeId)
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
