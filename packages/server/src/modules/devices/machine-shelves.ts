import type { Kysely } from 'kysely';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { storeInScope, type Scope } from '../../platform/scope';
import { onPostgres, pageWindow } from '../../db/list-query';
import { prepared } from '../../db/prepared-query';
import type { PlaceMachines } from '../catalog/place-machines';
import type { ChannelRow, DeviceRow } from './device-tables';

export interface Shelf {
  deviceId: number;
  sn: string;
  title: string;
  areaId: number | null;
  storeId: number | null;
  threshold: number;
  channelId: number;
  channelSn: string;
  name: string;
  goodsId: number | null;
  quantity: number;
  capacity: number;
  enabled: boolean;
}

/** A shelf is low when its machine has a threshold (0 turns it off) and the shelf holds that many or fewer. */
export function isLow(shelf: Pick<Shelf, 'threshold' | 'quantity'>): boolean {
  return shelf.threshold > 0 && shelf.quantity <= shelf.threshold;
}

type Db = Kysely<Database>;

/**
 * What the modules beside the machines ask of them: machines per place for the catalog (its PlaceMachines),
 * shelves and their stock for the stock and the notifications. The machines module owns these tables
 * (device-tables.ts), so their queries for other modules live here.
 */
export class MachineShelves implements PlaceMachines {
  constructor(private readonly db: Db) {}

  /** A machine by its serial number (the orders' machine, the purchase page's). */
  machineBySn(sn: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  /**
   * The machine a list is filtered by (condition.sn), checked as the statistics check it: a machine never the
   * merchant's, or one standing now in a store outside a staff member's stores, answers DEVICE_NOT_FOUND instead of
   * an empty list; one the merchant had once still filters its history.
   */
  async checkFilterMachine(scope: Scope, sn: string): Promise<void> {
    const device = await this.machineBySn(sn);
    if (device?.merchant_id === scope.merchantId) {
      if (!storeInScope(scope, device.store_id)) throw new AppError(RCODE.DEVICE_NOT_FOUND);
      return;
    }
    if (!(await this.merchantHasOrHad(scope.merchantId, sn))) throw new AppError(RCODE.DEVICE_NOT_FOUND);
  }

  /**
   * Whether the machine is the merchant's now or was bound to it once (its history stays the merchant's): what a
   * list filtered by a machine checks, so a machine never the merchant's answers DEVICE_NOT_FOUND, not nothing.
   */
  private async merchantHasOrHad(merchantId: number, sn: string): Promise<boolean> {
    const now = await this.db
      .selectFrom('devices')
      .select('id')
      .where('sn', '=', sn)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (now) return true;
    const once = await this.db
      .selectFrom('device_bindings')
      .select('id')
      .where('sn', '=', sn)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return once !== undefined;
  }

  /** A machine's shelf by its number, inside the caller's transaction. */
  shelfByNumber(trx: Db, deviceId: number, number: number): Promise<ChannelRow | undefined> {
    return trx
      .selectFrom('channels')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('channel_sn', '=', number)
      .executeTakeFirst();
  }

  /** Machines per store of the merchant. */
  async deviceCountsByStore(merchantId: number, storeIds: number[]): Promise<Map<number, number>> {
    if (!storeIds.length) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['store_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('merchant_id', '=', merchantId)
      .where('store_id', 'in', storeIds)
      .groupBy('store_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.store_id), Number(r.count)]));
  }

  /** Machines per area of the merchant, only those in the given stores when a store list is given. */
  async deviceCountsByArea(
    merchantId: number,
    areaIds: number[],
    storeIds: number[] | null,
  ): Promise<Map<number, number>> {
    if (!areaIds.length) return new Map();
    let query = this.db
      .selectFrom('devices')
      .select(['area_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('merchant_id', '=', merchantId)
      .where('area_id', 'in', areaIds);
    if (storeIds !== null) query = query.where('store_id', 'in', storeIds.length ? storeIds : [-1]);
    const rows = await query.groupBy('area_id').execute();
    return new Map(rows.map((r) => [Number(r.area_id), Number(r.count)]));
  }

  /** A store moved to another area takes its machines along, so device lists filtered by area stay right. */
  async moveStoreDevices(trx: Db, merchantId: number, storeId: number, areaId: number): Promise<void> {
    await trx
      .updateTable('devices')
      .set({ area_id: areaId })
      .where('merchant_id', '=', merchantId)
      .where('store_id', '=', storeId)
      .execute();
  }

  /** Shelves of the merchant's machines holding these goods. */
  async countShelvesWithGoods(merchantId: number, goodsId: number): Promise<number> {
    const row = await this.db
      .selectFrom('channels')
      .innerJoin('devices', 'devices.id', 'channels.device_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('devices.merchant_id', '=', merchantId)
      .where('channels.goods_id', '=', goodsId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every shelf of the machines standing in a store, by machine then shelf number. */
  async shelvesOfStore(merchantId: number, storeId: number): Promise<Shelf[]> {
    const rows = await this.shelfQuery(merchantId)
      .where('devices.store_id', '=', storeId)
      .orderBy('devices.sn')
      .orderBy('channels.channel_sn')
      .execute();
    return rows.map(toShelf);
  }

  /** Units on shelves per goods, over the machines of the given stores (null: all the merchant's machines). */
  async shelfTotalsByGoods(
    merchantId: number,
    goodsIds: number[],
    storeIds: number[] | null,
  ): Promise<Map<number, number>> {
    if (!goodsIds.length) return new Map();
    let query = this.db
      .selectFrom('channels')
      .innerJoin('devices', 'devices.id', 'channels.device_id')
      .select(['channels.goods_id', (eb) => eb.fn.sum<number>('channels.quantity').as('quantity')])
      .where('devices.merchant_id', '=', merchantId)
      .where('channels.goods_id', 'in', goodsIds);
    if (storeIds !== null) query = query.where('devices.store_id', 'in', storeIds.length ? storeIds : [-1]);
    const rows = await query.groupBy('channels.goods_id').execute();
    return new Map(rows.map((r) => [Number(r.goods_id), Number(r.quantity)]));
  }

  /** Enabled shelves at or below their machine's threshold, emptiest first. */
  async lowShelves(
    merchantId: number,
    filter: { areaId?: number | undefined; storeId?: number | undefined; storeIds: number[] | null },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: Shelf[]; count: number }> {
    let query = this.shelfQuery(merchantId)
      .where('channels.enabled', '=', 1)
      .where('devices.stock_notify_threshold', '>', 0)
      .whereRef('channels.quantity', '<=', 'devices.stock_notify_threshold');
    if (filter.areaId) query = query.where('devices.area_id', '=', filter.areaId);
    if (filter.storeId) query = query.where('devices.store_id', '=', filter.storeId);
    if (filter.storeIds !== null) {
      query = query.where('devices.store_id', 'in', filter.storeIds.length ? filter.storeIds : [-1]);
    }
    const { count } = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .orderBy('channels.quantity')
      .orderBy('devices.sn')
      .orderBy('channels.channel_sn')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows: rows.map(toShelf), count: Number(count) };
  }

  /**
   * Takes units off a shelf inside the caller's transaction (a sale). The shelf never goes below zero: the machine
   * has already handed the goods out, so a count that was off is corrected rather than refused. Null when the
   * merchant has no such machine and shelf.
   */
  async takeFromShelf(
    trx: Db,
    merchantId: number,
    sn: string,
    channelId: number,
    quantity: number,
    now: number,
  ): Promise<(Shelf & { taken: number }) | null> {
    const row = await saleShelf.first(trx, { merchantId, sn, channelId });
    if (!row) return null;
    const taken = Math.min(quantity, Math.max(0, row.quantity));
    const left = row.quantity - taken;
    await setShelfQuantity.execute(trx, { left, now, channelId });
    return { ...toShelf({ ...row, quantity: left }), taken };
  }

  private shelfQuery(merchantId: number, db: Db = this.db) {
    return shelfQuery(db, merchantId);
  }
}

function shelfQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('channels')
    .innerJoin('devices', 'devices.id', 'channels.device_id')
    .select([
      'devices.id as device_id',
      'devices.sn',
      'devices.title',
      'devices.area_id',
      'devices.store_id',
      'devices.stock_notify_threshold',
      'channels.id as channel_id',
      'channels.channel_sn',
      'channels.name',
      'channels.goods_id',
      'channels.quantity',
      'channels.capacity',
      'channels.enabled',
    ])
    .where('devices.merchant_id', '=', merchantId);
}

/** A sale's shelf; row lock on PostgreSQL so two sales from the same shelf count down one after the other. */
const saleShelf = prepared<{ merchantId: number; sn: string; channelId: number }>()((db, p) => {
  const query = shelfQuery(db, p.merchantId)
    .where('devices.sn', '=', p.sn)
    .where('channels.id', '=', p.channelId);
  return onPostgres(db) ? query.forUpdate('channels') : query;
});

const setShelfQuantity = prepared<{ left: number; now: number; channelId: number }>()((db, p) =>
  db.updateTable('channels').set({ quantity: p.left, updated_at: p.now }).where('id', '=', p.channelId),
);

function toShelf(row: {
  device_id: number;
  sn: string;
  title: string;
  area_id: number | null;
  store_id: number | null;
  stock_notify_threshold: number;
  channel_id: number;
  channel_sn: number;
  name: string;
  goods_id: number | null;
  quantity: number;
  capacity: number;
  enabled: number;
}): Shelf {
  return {
    deviceId: row.device_id,
    sn: row.sn,
    title: row.title,
    areaId: row.area_id,
    storeId: row.store_id,
    threshold: Number(row.stock_notify_threshold),
    channelId: row.channel_id,
    channelSn: String(row.channel_sn),
    name: row.name,
    goodsId: row.goods_id,
    quantity: Number(row.quantity),
    capacity: Number(row.capacity),
    enabled: row.enabled === 1,
  };
}
