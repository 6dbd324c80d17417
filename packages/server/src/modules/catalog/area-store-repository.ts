import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { AreasTable, StoresTable } from './catalog-tables';
import { contains, pageWindow } from '../../db/list-query';

export type AreaRow = Selectable<AreasTable>;
export type StoreRow = Selectable<StoresTable> & { area_name: string };

export interface AreaInput {
  name: string;
  address: string;
  phone: string;
  remarks: string;
}

export type StoreInput = Omit<
  Selectable<StoresTable>,
  'id' | 'merchant_id' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'
>;

/** Which stores a list may show: null for every store of the merchant. */
type StoreFilter = number[] | null;

/** All SQL about areas and stores. Deleted rows (deleted_at set) are never returned. */
export class AreaStoreRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findArea(merchantId: number, id: number, db: Kysely<Database> = this.db): Promise<AreaRow | undefined> {
    return db
      .selectFrom('areas')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  findStore(merchantId: number, id: number, db: Kysely<Database> = this.db): Promise<StoreRow | undefined> {
    return this.storeQuery(db, merchantId).where('stores.id', '=', id).executeTakeFirst();
  }

  /** Areas, newest first; with a store filter only areas holding one of those stores. */
  async listAreas(
    merchantId: number,
    stores: StoreFilter,
    filter: { name?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: AreaRow[]; count: number }> {
    let query = this.db
      .selectFrom('areas')
      .where('areas.merchant_id', '=', merchantId)
      .where('areas.deleted_at', 'is', null);
    if (stores !== null) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('stores')
            .select('stores.id')
            .whereRef('stores.area_id', '=', 'areas.id')
            .where('stores.deleted_at', 'is', null)
            .where('stores.id', 'in', stores.length ? stores : [-1]),
        ),
      );
    }
    if (filter.name) query = query.where(contains('areas.name', filter.name));
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .selectAll('areas')
      .orderBy('areas.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(count) };
  }

  /** Live stores per area, limited to the store filter. */
  async storeCounts(
    merchantId: number,
    areaIds: number[],
    stores: StoreFilter,
  ): Promise<Map<number, number>> {
    if (!areaIds.length) return new Map();
    let query = this.db
      .selectFrom('stores')
      .select(['area_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where('area_id', 'in', areaIds);
    if (stores !== null) query = query.where('id', 'in', stores.length ? stores : [-1]);
    const rows = await query.groupBy('area_id').execute();
    return new Map(rows.map((r) => [r.area_id, Number(r.count)]));
  }

  async countAreas(db: Kysely<Database>, merchantId: number): Promise<number> {
    const row = await db
      .selectFrom('areas')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async countStores(db: Kysely<Database>, merchantId: number, areaId?: number): Promise<number> {
    let query = db
      .selectFrom('stores')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null);
    if (areaId !== undefined) query = query.where('area_id', '=', areaId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertArea(
    db: Kysely<Database>,
    merchantId: number,
    userId: number,
    input: AreaInput,
    now: number,
  ): Promise<number> {
    const row = await db
      .insertInto('areas')
      .values({
        merchant_id: merchantId,
        ...input,
        created_by: userId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateArea(merchantId: number, id: number, input: AreaInput, now: number): Promise<void> {
    await this.db
      .updateTable('areas')
      .set({ ...input, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteArea(db: Kysely<Database>, merchantId: number, id: number, now: number): Promise<void> {
    await db
      .updateTable('areas')
      .set({ deleted_at: now, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }

  /** Stores, newest first, with their area's name. */
  async listStores(
    merchantId: number,
    stores: StoreFilter,
    filter: { areaId?: number | undefined; name?: string | undefined },
    paging: { pageNum: number; pageSize: number } | null,
  ): Promise<{ rows: StoreRow[]; count: number }> {
    let query = this.storeQuery(this.db, merchantId);
    if (stores !== null) query = query.where('stores.id', 'in', stores.length ? stores : [-1]);
    if (filter.areaId) query = query.where('stores.area_id', '=', filter.areaId);
    if (filter.name) query = query.where(contains('stores.name', filter.name));
    if (!paging) {
      const rows = await query.orderBy('stores.area_id').orderBy('stores.id').execute();
      return { rows, count: rows.length };
    }
    const { count } = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.orderBy('stores.id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(count) };
  }

  async insertStore(
    db: Kysely<Database>,
    merchantId: number,
    userId: number,
    input: StoreInput,
    now: number,
  ): Promise<number> {
    const row = await db
      .insertInto('stores')
      .values({
        merchant_id: merchantId,
        ...input,
        created_by: userId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateStore(
    db: Kysely<Database>,
    merchantId: number,
    id: number,
    input: StoreInput,
    now: number,
  ): Promise<void> {
    await db
      .updateTable('stores')
      .set({ ...input, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }

  /** Soft-deletes the store and takes it out of every staff member's store list. */
  async deleteStore(db: Kysely<Database>, merchantId: number, id: number, now: number): Promise<void> {
    await db
      .updateTable('stores')
      .set({ deleted_at: now, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('user_stores').where('store_id', '=', id).execute();
  }

  async names(
    merchantId: number,
    ids: { areaIds: number[]; storeIds: number[] },
  ): Promise<{ areas: { id: number; name: string }[]; stores: { id: number; name: string }[] }> {
    const [areas, stores] = await Promise.all([
      ids.areaIds.length
        ? this.db
            .selectFrom('areas')
            .select(['id', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', ids.areaIds)
            .execute()
        : [],
      ids.storeIds.length
        ? this.db
            .selectFrom('stores')
            .select(['id', 'name'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', ids.storeIds)
            .execute()
        : [],
    ]);
    return { areas, stores };
  }

  private storeQuery(db: Kysely<Database>, merchantId: number) {
    return db
      .selectFrom('stores')
      .innerJoin('areas', 'areas.id', 'stores.area_id')
      .selectAll('stores')
      .select('areas.name as area_name')
      .where('stores.merchant_id', '=', merchantId)
      .where('stores.deleted_at', 'is', null);
  }
}
