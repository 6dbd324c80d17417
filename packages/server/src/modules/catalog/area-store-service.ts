import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/catalog';
import type { Area, Store } from '@vendo/contract/api/catalog';
import { appMaxCount } from '@vendo/contract/constants';
import { COOPERATION_MODES, STORE_MODES, STORE_REFUND_MODES } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, storeInScope, type Scope } from '../../platform/scope';
import { checkFilterPlaces } from './filter-places';
import type { AppModules } from '../apps/app-modules';
import type { AreaRow, AreaStoreRepository, StoreInput, StoreRow } from './area-store-repository';
import type { CatalogRemovals } from './catalog-removals';
import { lockMerchant } from '../../db/list-query';
import type { PlaceMachines } from './place-machines';
import type { Regions } from './regions';

type AreaFields = z.output<typeof api.addArea.request>;
type StoreFields = z.output<typeof api.addStore.request>;

export interface AreaStoreDeps {
  db: Kysely<Database>;
  repo: AreaStoreRepository;
  machines: PlaceMachines;
  removals: CatalogRemovals;
  regions: Regions;
  apps: AppModules;
  clock: () => number;
}

/**
 * Areas and stores (/region, spec §2, §3, §6): quotas from the Region app, deletes refused while stores or
 * machines depend on them, and staff limited to listed stores seeing and changing only those.
 */
export class AreaStoreService {
  constructor(private readonly d: AreaStoreDeps) {}

  async listAreas(
    auth: AuthContext,
    req: { pageNum: number; pageSize: number; condition: { area_name?: string | undefined } },
  ) {
    const scope = await scopeOf(this.d.db, auth);
    const { rows, count } = await this.d.repo.listAreas(
      scope.merchantId,
      scope.storeIds,
      { name: req.condition.area_name },
      req,
    );
    const ids = rows.map((r) => r.id);
    const [stores, devices] = await Promise.all([
      this.d.repo.storeCounts(scope.merchantId, ids, scope.storeIds),
      this.d.machines.deviceCountsByArea(scope.merchantId, ids, scope.storeIds),
    ]);
    return {
      data: rows.map((r) => presentArea(r, stores.get(r.id) ?? 0, devices.get(r.id) ?? 0)),
      count,
    };
  }

  async addArea(auth: AuthContext, input: AreaFields): Promise<{ _id: number }> {
    const scope = await this.unrestricted(auth);
    const max = await this.quota(scope.merchantId, 'area');
    const id = await this.d.db.transaction().execute(async (trx) => {
      await lockMerchant(trx, scope.merchantId);
      if ((await this.d.repo.countAreas(trx, scope.merchantId)) >= max) {
        throw new AppError(RCODE.AREA_QUOTA_EXCEEDED, { max });
      }
      return this.d.repo.insertArea(trx, scope.merchantId, scope.userId, areaInput(input), this.d.clock());
    });
    return { _id: id };
  }

  async editArea(auth: AuthContext, input: AreaFields & { _id: number }): Promise<void> {
    const scope = await this.unrestricted(auth);
    await this.area(scope, input._id);
    await this.d.repo.updateArea(scope.merchantId, input._id, areaInput(input), this.d.clock());
  }

  async deleteArea(auth: AuthContext, id: number): Promise<void> {
    const scope = await this.unrestricted(auth);
    await this.area(scope, id);
    // Machines may stand in an area without a store; they would be left pointing at nothing.
    const devices = (await this.d.machines.deviceCountsByArea(scope.merchantId, [id], null)).get(id) ?? 0;
    await this.d.db.transaction().execute(async (trx) => {
      const stores = await this.d.repo.countStores(trx, scope.merchantId, id);
      if (stores > 0) throw new AppError(RCODE.AREA_HAS_STORES, { count: stores });
      if (devices > 0) throw new AppError(RCODE.AREA_HAS_DEVICES, { count: devices });
      await this.d.repo.deleteArea(trx, scope.merchantId, id, this.d.clock());
    });
  }

  async listStores(
    auth: AuthContext,
    req: {
      pageNum: number;
      pageSize: number;
      condition: { area?: number | undefined; store_name?: string | undefined };
    } | null,
  ) {
    const scope = await scopeOf(this.d.db, auth);
    await checkFilterPlaces(this.d.db, scope, { area: req?.condition.area });
    const { rows, count } = await this.d.repo.listStores(
      scope.merchantId,
      scope.storeIds,
      { areaId: req?.condition.area, name: req?.condition.store_name },
      req,
    );
    const devices = await this.d.machines.deviceCountsByStore(
      scope.merchantId,
      rows.map((r) => r.id),
    );
    return { data: rows.map((r) => presentStore(r, devices.get(r.id) ?? 0)), count };
  }

  async addStore(auth: AuthContext, input: StoreFields): Promise<{ _id: number }> {
    const scope = await this.unrestricted(auth);
    await this.area(scope, input.area);
    const fields = this.storeInput(input);
    const max = await this.quota(scope.merchantId, 'store');
    const id = await this.d.db.transaction().execute(async (trx) => {
      await lockMerchant(trx, scope.merchantId);
      if ((await this.d.repo.countStores(trx, scope.merchantId)) >= max) {
        throw new AppError(RCODE.STORE_QUOTA_EXCEEDED, { max });
      }
      return this.d.repo.insertStore(trx, scope.merchantId, scope.userId, fields, this.d.clock());
    });
    return { _id: id };
  }

  async editStore(auth: AuthContext, input: StoreFields & { _id: number }): Promise<void> {
    const scope = await scopeOf(this.d.db, auth);
    const current = await this.store(scope, input._id);
    // Moving a store to another area reshapes areas, which staff limited to listed stores may not do.
    if (input.area !== current.area_id && scope.storeIds !== null)
      throw new AppError(RCODE.STORES_RESTRICTED);
    await this.area(scope, input.area);
    const fields = this.storeInput(input);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.updateStore(trx, scope.merchantId, input._id, fields, this.d.clock());
      if (input.area !== current.area_id) {
        await this.d.machines.moveStoreDevices(trx, scope.merchantId, input._id, input.area);
      }
    });
  }

  /**
   * Refused while machines stand in the store; its stock entries leave with it, each logged. Deleting a store is
   * merchant-wide structure like adding one: staff limited to listed stores may edit theirs, not delete them (the
   * store would leave the scope the main account gave them, and other staff's, with its stock).
   */
  async deleteStore(auth: AuthContext, id: number): Promise<void> {
    const scope = await this.unrestricted(auth);
    const current = await this.store(scope, id);
    const devices = (await this.d.machines.deviceCountsByStore(scope.merchantId, [id])).get(id) ?? 0;
    if (devices > 0) throw new AppError(RCODE.STORE_HAS_DEVICES, { count: devices });
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.removals.storeRemoved(trx, {
        merchantId: scope.merchantId,
        storeId: id,
        areaId: current.area_id,
        userId: scope.userId,
        remarks: `store deleted: ${current.name}`,
        now,
      });
      await this.d.repo.deleteStore(trx, scope.merchantId, id, now);
    });
  }

  /** A store of the caller's merchant inside the caller's store scope; other merchants' ids read as missing. */
  async store(scope: Scope, id: number): Promise<StoreRow> {
    const row = await this.d.repo.findStore(scope.merchantId, id);
    if (!row) throw new AppError(RCODE.STORE_NOT_FOUND);
    if (!storeInScope(scope, row.id)) throw new AppError(RCODE.STORE_OUT_OF_SCOPE);
    return row;
  }

  /** Names of areas and stores by id, deleted ones included (machines and logs still point at them). */
  async names(merchantId: number, ids: { areaIds: number[]; storeIds: number[] }) {
    const { areas, stores } = await this.d.repo.names(merchantId, ids);
    return {
      areas: new Map(areas.map((a) => [a.id, { _id: a.id, area_name: a.name }])),
      stores: new Map(stores.map((s) => [s.id, { _id: s.id, store_name: s.name }])),
    };
  }

  private async area(scope: Scope, id: number): Promise<AreaRow> {
    const row = await this.d.repo.findArea(scope.merchantId, id);
    if (!row) throw new AppError(RCODE.AREA_NOT_FOUND);
    return row;
  }

  /** Areas, new stores and deleting stores are merchant-wide structure: not for staff limited to listed stores. */
  private async unrestricted(auth: AuthContext): Promise<Scope> {
    const scope = await scopeOf(this.d.db, auth);
    if (scope.storeIds !== null) throw new AppError(RCODE.STORES_RESTRICTED);
    return scope;
  }

  /** The Region app's '<name>_max_count' (spec §6), 9999 when unset. */
  private async quota(merchantId: number, name: 'area' | 'store'): Promise<number> {
    const apps = await this.d.apps.list(merchantId);
    return appMaxCount(
      apps.find((a) => a.app_module_name === 'Region'),
      name,
    );
  }

  private storeInput(input: StoreFields): StoreInput {
    const region = this.d.regions.resolve(input.prov_code, input.city_code, input.s_area_code);
    if (!region) throw new AppError(RCODE.REGION_INVALID);
    return {
      area_id: input.area,
      name: input.name,
      address: input.address,
      phone: input.tel,
      remarks: input.note,
      ...region,
      manager: input.manager,
      salesman: input.salesman,
      coop_start: input.coop_start,
      coop_end: input.coop_end,
      refund_mode: input.refund_mode,
      client_code: input.client_code,
      mode: input.mode,
      coop_mode: input.coop_mode,
    };
  }
}

function areaInput(input: AreaFields) {
  return { name: input.name, address: input.address, phone: input.tel, remarks: input.note };
}

function presentArea(row: AreaRow, storeCount: number, devCount: number): Area {
  return {
    _id: row.id,
    area_name: row.name,
    area_address: row.address,
    phone: row.phone,
    remarks: row.remarks,
    store_count: storeCount,
    dev_count: devCount,
    create_time: row.created_at,
  };
}

/** A stored enumeration value, or the fallback for a value a later version no longer knows. */
function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function presentStore(row: StoreRow, devCount: number): Store {
  return {
    _id: row.id,
    store_name: row.name,
    store_address: row.address,
    phone: row.phone,
    remarks: row.remarks,
    area: { _id: row.area_id, area_name: row.area_name },
    dev_count: devCount,
    prov: row.prov,
    prov_code: row.prov_code,
    city: row.city,
    city_code: row.city_code,
    s_area: row.district,
    s_area_code: row.district_code,
    manager: row.manager,
    salesman: row.salesman,
    coop_start: row.coop_start,
    coop_end: row.coop_end,
    refund_mode: oneOf(STORE_REFUND_MODES, row.refund_mode, 'auto'),
    client_code: row.client_code,
    mode: oneOf(STORE_MODES, row.mode, 'routine'),
    coop_mode: oneOf([...COOPERATION_MODES, ''], row.coop_mode, ''),
    create_time: row.created_at,
  };
}
