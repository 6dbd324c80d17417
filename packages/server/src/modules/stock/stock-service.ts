import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/stock';
import type { GoodsBrief } from '@vendo/contract/api/catalog';
import { isAppUsable } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, storeInScope, type Scope } from '../../platform/scope';
import type { AppModules } from '../apps/app-modules';
import type { AreaStoreService } from '../catalog/area-store-service';
import { checkFilterPlaces } from '../catalog/filter-places';
import { goodsBrief, type GoodsRow, type GoodsService } from '../catalog/goods-service';
import { lockMerchant } from '../../db/list-query';
import type { ImageUrls } from '../catalog/image-urls';
import { isLow, type MachineShelves, type Shelf } from '../devices/machine-shelves';
import { SaleWriteOffs, type SaleWriteOff } from './sale-write-offs';
import type { StockRecordListed, StockRepository } from './stock-repository';
import { AuditLog, originOf } from '../audit/audit-log';

type Paging = { pageNum: number; pageSize: number };
type Req<C extends { request: z.ZodType }> = z.output<C['request']>;

export interface StockDeps {
  db: Kysely<Database>;
  repo: StockRepository;
  goods: GoodsService;
  areasStores: AreaStoreService;
  machines: MachineShelves;
  apps: AppModules;
  urls: ImageUrls;
  clock: () => number;
}

/**
 * Stock (/stock, spec §3, §6): entries at the total level and per store changed by hand, machine shelves changed by
 * sales, every change in the log. Only with a usable Stock app; staff limited to listed stores see and change only
 * those stores' stock (and not the total level, which belongs to the whole merchant).
 */
export class StockService {
  private readonly writeOffs: SaleWriteOffs;

  constructor(private readonly d: StockDeps) {
    this.writeOffs = new SaleWriteOffs({
      machines: d.machines,
      goods: d.goods,
      repo: d.repo,
      clock: d.clock,
    });
  }

  async list(auth: AuthContext, req: Req<typeof api.getStock>) {
    const scope = await this.scope(auth);
    const { area, store, goods_id: goods } = req.condition;
    await checkFilterPlaces(this.d.db, scope, { area, store, goods });
    const { rows, count } = await this.d.repo.listEntries(
      scope.merchantId,
      scope.storeIds,
      {
        stockType: req.condition.stock_type,
        areaId: req.condition.area,
        storeId: req.condition.store,
        goodsId: req.condition.goods_id,
        goodsName: req.condition.goods_name,
      },
      req,
    );
    return {
      data: rows.map((r) => ({
        _id: r.id,
        goods_detail: this.brief({
          id: r.goods_id,
          name: r.goods_name,
          img: r.goods_img,
          price: r.goods_price,
        }),
        inventory: Number(r.quantity),
        stock_type: r.store_id === null ? (0 as const) : (1 as const),
        area: r.area_id !== null ? { _id: r.area_id, area_name: r.area_name ?? '' } : null,
        store: r.store_id !== null ? { _id: r.store_id, store_name: r.store_name ?? '' } : null,
        update_time: r.updated_at,
      })),
      count,
    };
  }

  /** Creates the goods' stock at the total level or at a store (oper_type 2). */
  async create(auth: AuthContext, req: Req<typeof api.addStock>): Promise<{ _id: number }> {
    const scope = await this.scope(auth);
    const goods = await this.d.goods.find(scope.merchantId, req.goods_id);
    if (!goods) throw new AppError(RCODE.GOODS_NOT_FOUND);
    const storeId = req.store ?? null;
    const place = await this.place(scope, storeId);
    const now = this.d.clock();
    const id = await this.d.db.transaction().execute(async (trx) => {
      await lockMerchant(trx, scope.merchantId);
      if (await this.d.repo.findEntryAt(trx, scope.merchantId, goods.id, storeId)) {
        throw new AppError(RCODE.STOCK_EXISTS);
      }
      const entryId = await this.d.repo.insertEntry(trx, {
        merchantId: scope.merchantId,
        goodsId: goods.id,
        storeId,
        quantity: req.inventory,
        now,
      });
      await this.d.repo.insertRecord(trx, {
        ...this.handRecord(scope, goods.id, storeId, place.areaId, req.remarks, now),
        oper_type: 2,
        quantity: req.inventory,
        balance: req.inventory,
      });
      await this.audit(trx, auth, 'create', entryId, goods.name, storeId, [
        { field: 'inventory', before: null, after: req.inventory },
      ]);
      return entryId;
    });
    return { _id: id };
  }

  /** Adds (0) or reduces (1) an entry; a reduction past zero is refused with what is left. */
  async change(
    auth: AuthContext,
    req: Req<typeof api.editStock>,
  ): Promise<{ _id: number; inventory: number }> {
    const scope = await this.scope(auth);
    const place = await this.entryPlace(scope, req._id);
    const now = this.d.clock();
    return this.d.db.transaction().execute(async (trx) => {
      const entry = await this.d.repo.lockEntry(trx, scope.merchantId, req._id);
      if (!entry) throw new AppError(RCODE.STOCK_NOT_FOUND);
      const current = Number(entry.quantity);
      if (req.oper_type === 1 && req.inventory > current) {
        throw new AppError(RCODE.STOCK_NOT_ENOUGH, { available: current });
      }
      const balance = req.oper_type === 0 ? current + req.inventory : current - req.inventory;
      await this.d.repo.setQuantity(trx, entry.id, balance, now);
      await this.d.repo.insertRecord(trx, {
        ...this.handRecord(scope, entry.goods_id, entry.store_id, place.areaId, req.remarks, now),
        oper_type: req.oper_type,
        quantity: req.inventory,
        balance,
      });
      await this.audit(trx, auth, req.oper_type === 0 ? 'add' : 'reduce', entry.id, '', entry.store_id, [
        { field: 'inventory', before: current, after: balance },
      ]);
      return { _id: entry.id, inventory: balance };
    });
  }

  /** Deletes an entry (oper_type 3), logging what it held. */
  async remove(auth: AuthContext, req: Req<typeof api.delStock>): Promise<void> {
    const scope = await this.scope(auth);
    const place = await this.entryPlace(scope, req._id);
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      const entry = await this.d.repo.lockEntry(trx, scope.merchantId, req._id);
      if (!entry) throw new AppError(RCODE.STOCK_NOT_FOUND);
      await this.d.repo.insertRecord(trx, {
        ...this.handRecord(scope, entry.goods_id, entry.store_id, place.areaId, req.remarks, now),
        oper_type: 3,
        quantity: Number(entry.quantity),
        balance: 0,
      });
      await this.d.repo.deleteEntry(trx, entry.id);
      await this.audit(trx, auth, 'delete', entry.id, '', entry.store_id, [
        { field: 'inventory', before: Number(entry.quantity), after: null },
      ]);
    });
  }

  /** The audit entry of a hand change of stock, in its transaction. */
  private async audit(
    trx: Kysely<Database>,
    auth: AuthContext,
    action: string,
    entryId: number,
    goodsName: string,
    storeId: number | null,
    changes: Array<{ field: string; before: number | null; after: number | null }>,
  ): Promise<void> {
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: auth.merchant.id,
      origin: originOf(auth),
      kind: 'stock',
      action,
      target: { type: storeId === null ? 'stock' : `stock store ${storeId}`, id: entryId, name: goodsName },
      changes,
    });
  }

  /** Per goods: total level, stores and machine shelves, each within the caller's scope. */
  async totals(auth: AuthContext, req: Req<typeof api.getStockTotal>) {
    const scope = await this.scope(auth);
    const { rows, count } = await this.d.goods.page(
      scope.merchantId,
      { name: req.condition.goods_name },
      req,
    );
    const ids = rows.map((r) => r.id);
    const [levels, shelves] = await Promise.all([
      this.d.repo.levelTotals(scope.merchantId, scope.storeIds, ids),
      this.d.machines.shelfTotalsByGoods(scope.merchantId, ids, scope.storeIds),
    ]);
    return {
      data: rows.map((g) => {
        const level = levels.get(g.id) ?? { total: 0, stores: 0 };
        const device = shelves.get(g.id) ?? 0;
        return {
          goods_detail: this.brief(g),
          total_stock: level.total,
          store_stock: level.stores,
          device_stock: device,
          inventory: level.total + level.stores + device,
        };
      }),
      count,
    };
  }

  async log(auth: AuthContext, req: Req<typeof api.getStockLog>) {
    const scope = await this.scope(auth);
    const c = req.condition;
    await checkFilterPlaces(this.d.db, scope, { area: c.area, store: c.store, goods: c.goods_id });
    if (c.sn) await this.d.machines.checkFilterMachine(scope, c.sn);
    const { rows, count } = await this.d.repo.listRecords(
      scope.merchantId,
      scope.storeIds,
      {
        goodsId: c.goods_id,
        areaId: c.area,
        storeId: c.store,
        sn: c.sn,
        stockType: c.stock_type,
        operType: c.oper_type,
        operUser: c.oper_user,
        from: c.start_time,
        to: c.end_time,
      },
      req,
    );
    return { data: rows.map((r) => this.presentRecord(r)), count };
  }

  /** One store: its own stock entries and, per machine, every shelf. */
  async storeByDevice(auth: AuthContext, storeId: number) {
    const scope = await this.scope(auth);
    const store = await this.d.areasStores.store(scope, storeId);
    const [entries, shelves] = await Promise.all([
      this.d.repo.storeEntries(scope.merchantId, store.id),
      this.d.machines.shelvesOfStore(scope.merchantId, store.id),
    ]);
    const briefs = await this.briefs(scope.merchantId, shelves);
    return {
      store: { _id: store.id, store_name: store.name },
      area: { _id: store.area_id, area_name: store.area_name },
      store_stock: entries.map((e) => ({
        goods_detail: this.brief({
          id: e.goods_id,
          name: e.goods_name,
          img: e.goods_img,
          price: e.goods_price,
        }),
        inventory: Number(e.quantity),
      })),
      devices: groupByDevice(shelves).map((device) => ({
        sn: device.sn,
        title: device.title,
        stock_notify_threshold: device.threshold,
        quantity: sum(device.shelves.map((s) => s.quantity)),
        capacity: sum(device.shelves.map((s) => s.capacity)),
        channels: device.shelves.map((s) => ({
          channel_id: s.channelId,
          channel_sn: s.channelSn,
          name: s.name,
          goods_detail: s.goodsId !== null ? (briefs.get(s.goodsId) ?? null) : null,
          quantity: s.quantity,
          capacity: s.capacity,
          enabled: s.enabled,
          low: isLow(s),
        })),
      })),
    };
  }

  /**
   * What to bring to the store: for every enabled shelf holding goods, capacity minus quantity, by machine and
   * summed per goods (the packing list), next to what the store's own stock holds of each.
   */
  async restockBill(auth: AuthContext, storeId: number): Promise<z.infer<typeof api.restockBill>> {
    const scope = await this.scope(auth);
    const store = await this.d.areasStores.store(scope, storeId);
    const [entries, shelves] = await Promise.all([
      this.d.repo.storeEntries(scope.merchantId, store.id),
      this.d.machines.shelvesOfStore(scope.merchantId, store.id),
    ]);
    const toFill = shelves.filter((s) => s.enabled && s.goodsId !== null && s.capacity > s.quantity);
    const briefs = await this.briefs(scope.merchantId, toFill);
    const devices = groupByDevice(toFill).map((device) => {
      const lines = device.shelves.flatMap((s) => {
        const goods = briefs.get(s.goodsId ?? 0);
        if (!goods) return [];
        const need = s.capacity - s.quantity;
        return [
          {
            channel_sn: s.channelSn,
            name: s.name,
            goods_detail: goods,
            quantity: s.quantity,
            capacity: s.capacity,
            need,
          },
        ];
      });
      return { sn: device.sn, title: device.title, need: sum(lines.map((l) => l.need)), lines };
    });
    const perGoods = new Map<number, { goods_detail: GoodsBrief; need: number }>();
    for (const line of devices.flatMap((d) => d.lines)) {
      const item = perGoods.get(line.goods_detail.goods_id) ?? { goods_detail: line.goods_detail, need: 0 };
      item.need += line.need;
      perGoods.set(line.goods_detail.goods_id, item);
    }
    const storeStock = new Map(entries.map((e) => [e.goods_id, Number(e.quantity)]));
    const goods = [...perGoods.values()]
      .map((g) => ({ ...g, store_stock: storeStock.get(g.goods_detail.goods_id) ?? 0 }))
      .sort((a, b) => b.need - a.need || a.goods_detail.goods_name.localeCompare(b.goods_detail.goods_name));
    return {
      store: { _id: store.id, store_name: store.name },
      area: { _id: store.area_id, area_name: store.area_name },
      generated_at: this.d.clock(),
      devices: devices.filter((d) => d.need > 0),
      goods,
      need: sum(goods.map((g) => g.need)),
    };
  }

  async lowStock(
    auth: AuthContext,
    req: Paging & { condition: { area?: number | undefined; store?: number | undefined } },
  ) {
    const scope = await this.scope(auth);
    await checkFilterPlaces(this.d.db, scope, { area: req.condition.area });
    if (req.condition.store) await this.d.areasStores.store(scope, req.condition.store);
    const { rows, count } = await this.d.machines.lowShelves(
      scope.merchantId,
      { areaId: req.condition.area, storeId: req.condition.store, storeIds: scope.storeIds },
      req,
    );
    const briefs = await this.briefs(scope.merchantId, rows);
    const places = await this.places(scope.merchantId, rows);
    return {
      data: rows.map((s) => ({
        sn: s.sn,
        title: s.title,
        area: s.areaId !== null ? (places.areas.get(s.areaId) ?? null) : null,
        store: s.storeId !== null ? (places.stores.get(s.storeId) ?? null) : null,
        channel_id: s.channelId,
        channel_sn: s.channelSn,
        name: s.name,
        goods_detail: s.goodsId !== null ? (briefs.get(s.goodsId) ?? null) : null,
        quantity: s.quantity,
        capacity: s.capacity,
        stock_notify_threshold: s.threshold,
      })),
      count,
    };
  }

  /** A successful sale, inside the order's transaction: the one write-off path (sale-write-offs.ts). */
  writeOffSale(trx: Kysely<Database>, sale: SaleWriteOff): Promise<{ left: number }> {
    return this.writeOffs.writeOffSale(trx, sale);
  }

  /** Permission 1037 is the route's; the Stock app must also be usable (spec §6), for the main account too. */
  private async scope(auth: AuthContext): Promise<Scope> {
    const apps = await this.d.apps.list(auth.merchant.id);
    const stockApp = apps.find((a) => a.app_module_name === 'Stock');
    if (!isAppUsable(stockApp, this.d.clock())) throw new AppError(RCODE.APP_EXPIRED);
    return scopeOf(this.d.db, auth);
  }

  /**
   * Where an entry lives: the warehouse (total level: the main account and staff managing all stores, who get
   * WAREHOUSE_STOCK_ALL_STORES_ONLY otherwise) or a store in the caller's scope.
   */
  private async place(scope: Scope, storeId: number | null): Promise<{ areaId: number | null }> {
    if (storeId === null) {
      if (scope.storeIds !== null) throw new AppError(RCODE.WAREHOUSE_STOCK_ALL_STORES_ONLY);
      return { areaId: null };
    }
    if (!storeInScope(scope, storeId)) throw new AppError(RCODE.STORE_OUT_OF_SCOPE);
    const store = await this.d.areasStores.store(scope, storeId);
    return { areaId: store.area_id };
  }

  /**
   * The place of an existing entry, checked before its transaction opens (SQLite has one connection, so nothing
   * outside the transaction may run inside it); the transaction then locks and re-reads the entry itself.
   */
  private async entryPlace(scope: Scope, id: number): Promise<{ areaId: number | null }> {
    const entry = await this.d.repo.findEntry(scope.merchantId, id);
    if (!entry) throw new AppError(RCODE.STOCK_NOT_FOUND);
    return this.place(scope, entry.store_id);
  }

  private handRecord(
    scope: Scope,
    goodsId: number,
    storeId: number | null,
    areaId: number | null,
    remarks: string,
    now: number,
  ) {
    return {
      merchant_id: scope.merchantId,
      goods_id: goodsId,
      stock_type: storeId === null ? 0 : 1,
      area_id: areaId,
      store_id: storeId,
      sn: '',
      channel_id: null,
      channel_sn: '',
      oper_user_id: scope.userId,
      order_no: '',
      remarks,
      created_at: now,
    };
  }

  private presentRecord(r: StockRecordListed): z.infer<typeof api.stockRecord> {
    return {
      _id: r.id,
      goods_detail: this.brief({
        id: r.goods_id,
        name: r.goods_name,
        img: r.goods_img,
        price: r.goods_price,
      }),
      inventory: Number(r.quantity),
      balance: Number(r.balance),
      stock_type: r.stock_type as 0 | 1 | 2 | 3,
      oper_type: r.oper_type as 0 | 1 | 2 | 3,
      area: r.area_id !== null ? { _id: r.area_id, area_name: r.area_name ?? '' } : null,
      store: r.store_id !== null ? { _id: r.store_id, store_name: r.store_name ?? '' } : null,
      sn: r.sn,
      channel_sn: r.channel_sn,
      oper_user:
        r.oper_user_id !== null
          ? { user_id: r.oper_user_id, username: r.username ?? '', nickname: r.nickname ?? '' }
          : null,
      order_no: r.order_no,
      remarks: r.remarks,
      create_at: r.created_at,
    };
  }

  private brief(row: Pick<GoodsRow, 'id' | 'name' | 'img' | 'price'>): GoodsBrief {
    return goodsBrief(this.d.urls, row);
  }

  private async briefs(merchantId: number, shelves: Shelf[]): Promise<Map<number, GoodsBrief>> {
    const ids = [...new Set(shelves.flatMap((s) => (s.goodsId !== null ? [s.goodsId] : [])))];
    const rows = await this.d.goods.byIds(merchantId, ids);
    return new Map([...rows].map(([id, row]) => [id, this.brief(row)]));
  }

  private places(merchantId: number, shelves: Shelf[]) {
    return this.d.areasStores.names(merchantId, {
      areaIds: [...new Set(shelves.flatMap((s) => (s.areaId !== null ? [s.areaId] : [])))],
      storeIds: [...new Set(shelves.flatMap((s) => (s.storeId !== null ? [s.storeId] : [])))],
    });
  }
}

function groupByDevice(
  shelves: Shelf[],
): { sn: string; title: string; threshold: number; shelves: Shelf[] }[] {
  const devices = new Map<number, { sn: string; title: string; threshold: number; shelves: Shelf[] }>();
  for (const s of shelves) {
    const device = devices.get(s.deviceId) ?? {
      sn: s.sn,
      title: s.title,
      threshold: s.threshold,
      shelves: [],
    };
    device.shelves.push(s);
    devices.set(s.deviceId, device);
  }
  return [...devices.values()];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
