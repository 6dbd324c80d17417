import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** Which stores a caller may see: null for every store of the merchant. */
type StoreScope = number[] | null;

export interface AreaEntity {
  id: number;
  name: string;
  address: string;
  phone: string;
  remarks: string;
}

export interface StoreEntity {
  id: number;
  name: string;
  address: string;
  area_id: number;
  area_name: string;
}

export interface DeviceEntity {
  sn: string;
  title: string;
  type: string;
  alive: number;
  area_id: number | null;
  area_name: string | null;
  store_id: number | null;
  store_name: string | null;
}

export interface GoodsName {
  id: number;
  name: string;
  img: string;
}

const inScope = (ids: number[]) => (ids.length ? ids : [-1]);

/**
 * The SQL of analytics besides the facts: who owns an id the caller names, the caller's areas, stores and machines
 * to list beside their figures, and the names of what the figures point at. Names come from rows deleted since
 * too (areas, stores and goods are deleted softly; a machine unbound since keeps its last binding's title), so
 * the history keeps its names.
 */
export class PlaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async goodsNames(merchantId: number, ids: number[]): Promise<Map<number, GoodsName>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .select(['id', 'name', 'img'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /*
   * The lists of the statistics screens show the caller's live areas, stores and machines (narrowed as asked) and,
   * whatever became of them since, every one that has figures in the range: the figures are already limited to
   * the caller's stores and the narrowing, so the rows of a list add up to the whole.
   */

  /** Areas: live ones holding one of the scope's stores (every live one for the main account), or with figures. */
  async areas(
    merchantId: number,
    scope: StoreScope,
    withFigures: number[],
    only?: number,
  ): Promise<Array<AreaEntity & { store_count: number }>> {
    const rows = await this.db
      .selectFrom('areas')
      .select(['id', 'name', 'address', 'phone', 'remarks'])
      .where('merchant_id', '=', merchantId)
      .where((eb) => {
        const listed = [eb('deleted_at', 'is', null)];
        if (only !== undefined) listed.push(eb('id', '=', only));
        if (scope !== null) {
          listed.push(
            eb.exists(
              eb
                .selectFrom('stores')
                .select('stores.id')
                .whereRef('stores.area_id', '=', 'areas.id')
                .where('stores.deleted_at', 'is', null)
                .where('stores.id', 'in', inScope(scope)),
            ),
          );
        }
        return withFigures.length ? eb.or([eb.and(listed), eb('id', 'in', withFigures)]) : eb.and(listed);
      })
      .execute();
    if (!rows.length) return [];
    let counts = this.db
      .selectFrom('stores')
      .select(['area_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where(
        'area_id',
        'in',
        rows.map((r) => r.id),
      );
    if (scope !== null) counts = counts.where('id', 'in', inScope(scope));
    const byArea = new Map((await counts.groupBy('area_id').execute()).map((r) => [r.area_id, Number(r.n)]));
    return rows.map((r) => ({ ...r, store_count: byArea.get(r.id) ?? 0 }));
  }

  /** Stores: live ones of the scope, narrowed to an area or one store, or with figures. */
  async stores(
    merchantId: number,
    scope: StoreScope,
    withFigures: number[],
    narrow: { areaId?: number | undefined; storeId?: number | undefined },
  ): Promise<Array<StoreEntity & { dev_count: number }>> {
    const rows = await this.db
      .selectFrom('stores')
      .leftJoin('areas', 'areas.id', 'stores.area_id')
      .select([
        'stores.id',
        'stores.name',
        'stores.address',
        'stores.area_id',
        sql<string>`coalesce(areas.name, '')`.as('area_name'),
      ])
      .where('stores.merchant_id', '=', merchantId)
      .where((eb) => {
        const listed = [eb('stores.deleted_at', 'is', null)];
        if (scope !== null) listed.push(eb('stores.id', 'in', inScope(scope)));
        if (narrow.areaId !== undefined) listed.push(eb('stores.area_id', '=', narrow.areaId));
        if (narrow.storeId !== undefined) listed.push(eb('stores.id', '=', narrow.storeId));
        return withFigures.length
          ? eb.or([eb.and(listed), eb('stores.id', 'in', withFigures)])
          : eb.and(listed);
      })
      .execute();
    if (!rows.length) return [];
    let counts = this.db
      .selectFrom('devices')
      .select(['store_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .where(
        'store_id',
        'in',
        rows.map((r) => r.id),
      );
    if (scope !== null) counts = counts.where('store_id', 'in', inScope(scope));
    const byStore = new Map(
      (await counts.groupBy('store_id').execute()).map((r) => [r.store_id, Number(r.n)]),
    );
    return rows.map((r) => ({ ...r, dev_count: byStore.get(r.id) ?? 0 }));
  }

  /**
   * Machines: the merchant's machines now standing in the scope's stores, narrowed like the device list, or with
   * figures — those the merchant had once come with their last binding's title and type, and no place.
   */
  async devices(
    merchantId: number,
    scope: StoreScope,
    withFigures: string[],
    narrow: {
      areaId?: number | undefined;
      storeId?: number | undefined;
      sn?: string | undefined;
      type?: string | undefined;
    },
  ): Promise<DeviceEntity[]> {
    let q = this.deviceQuery(merchantId).where((eb) => {
      const listed = [];
      if (scope !== null) listed.push(eb('devices.store_id', 'in', inScope(scope)));
      if (narrow.areaId !== undefined) listed.push(eb('devices.area_id', '=', narrow.areaId));
      if (narrow.storeId !== undefined) listed.push(eb('devices.store_id', '=', narrow.storeId));
      if (narrow.sn !== undefined) listed.push(eb('devices.sn', '=', narrow.sn));
      return withFigures.length
        ? eb.or([eb.and(listed), eb('devices.sn', 'in', withFigures)])
        : eb.and(listed);
    });
    // The type is the machine's own, not a narrowing of the figures: it applies to every row.
    if (narrow.type !== undefined) q = q.where('devices.type', '=', narrow.type);
    const current = await q.execute();
    const seen = new Set(current.map((d) => d.sn));
    const former = await this.formerDevices(
      merchantId,
      withFigures.filter((sn) => !seen.has(sn)),
    );
    return [...current, ...former.filter((d) => narrow.type === undefined || d.type === narrow.type)];
  }

  /** Names of machines by sn: what they are called now, or at their last binding to the merchant. */
  async deviceNames(merchantId: number, sns: string[]): Promise<Map<string, DeviceEntity>> {
    if (!sns.length) return new Map();
    const current = await this.deviceQuery(merchantId).where('devices.sn', 'in', sns).execute();
    const seen = new Set(current.map((d) => d.sn));
    const former = await this.formerDevices(
      merchantId,
      sns.filter((sn) => !seen.has(sn)),
    );
    return new Map([...current, ...former].map((d) => [d.sn, d]));
  }

  private deviceQuery(merchantId: number) {
    return this.db
      .selectFrom('devices')
      .leftJoin('stores', 'stores.id', 'devices.store_id')
      .leftJoin('areas', 'areas.id', 'devices.area_id')
      .select([
        'devices.sn',
        'devices.title',
        'devices.type',
        'devices.alive',
        'devices.area_id',
        'areas.name as area_name',
        'devices.store_id',
        'stores.name as store_name',
      ])
      .where('devices.merchant_id', '=', merchantId);
  }

  /** Machines the merchant had once, by their last binding; they stand in none of its stores now. */
  private async formerDevices(merchantId: number, sns: string[]): Promise<DeviceEntity[]> {
    if (!sns.length) return [];
    const rows = await this.db
      .selectFrom('device_bindings')
      .select(['sn', 'title', 'type', 'bound_at'])
      .where('merchant_id', '=', merchantId)
      .where('sn', 'in', sns)
      .orderBy('bound_at')
      .execute();
    const last = new Map(rows.map((r) => [r.sn, r]));
    return [...last.values()].map((r) => ({
      sn: r.sn,
      title: r.title,
      type: r.type,
      alive: 0,
      area_id: null,
      area_name: null,
      store_id: null,
      store_name: null,
    }));
  }

  /** Stores by id with their area's name, deleted ones included. */
  async storeNames(
    merchantId: number,
    ids: number[],
  ): Promise<Map<number, { name: string; area_id: number; area_name: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('stores')
      .leftJoin('areas', 'areas.id', 'stores.area_id')
      .select([
        'stores.id',
        'stores.name',
        'stores.area_id',
        sql<string>`coalesce(areas.name, '')`.as('area_name'),
      ])
      .where('stores.merchant_id', '=', merchantId)
      .where('stores.id', 'in', ids)
      .execute();
    return new Map(rows.map((s) => [s.id, { name: s.name, area_id: s.area_id, area_name: s.area_name }]));
  }

  /** The caller's machines by type: how many, and how many online now. */
  async presenceByType(
    merchantId: number,
    scope: StoreScope,
  ): Promise<Array<{ type: string; total: number; online: number }>> {
    let q = this.db
      .selectFrom('devices')
      .select((eb) => [
        'type',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.ref('alive')).as('online'),
      ])
      .where('merchant_id', '=', merchantId);
    if (scope !== null) q = q.where('store_id', 'in', inScope(scope));
    const rows = await q.groupBy('type').orderBy('type').execute();
    return rows.map((r) => ({ type: r.type, total: Number(r.total), online: Number(r.online ?? 0) }));
  }
}
