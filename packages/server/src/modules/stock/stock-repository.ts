import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { StockRecordsTable, StocksTable } from './stock-tables';
import { contains, onPostgres, pageWindow } from '../../db/list-query';
import { prepared } from '../../db/prepared-query';
import { multiRowInsert, writeBehindOf, type WriteQueue } from '../../db/write-behind';

type Db = Kysely<Database>;
export type StockEntryRow = Selectable<StocksTable>;
export type NewStockRecord = Omit<Insertable<StockRecordsTable>, 'id'>;

/** null: every store and the total level; a list: only entries at those stores (never the total level). */
export type StockScope = number[] | null;

const GOODS_BRIEF = [
  'goods.name as goods_name',
  'goods.img as goods_img',
  'goods.price as goods_price',
] as const;

export interface StockEntryListed extends StockEntryRow {
  goods_name: string;
  goods_img: string;
  goods_price: number;
  store_name: string | null;
  area_id: number | null;
  area_name: string | null;
}

export interface StockRecordListed extends Selectable<StockRecordsTable> {
  goods_name: string;
  goods_img: string;
  goods_price: number;
  store_name: string | null;
  area_name: string | null;
  username: string | null;
  nickname: string | null;
}

/** All SQL about stock entries and the stock log. */
export class StockRepository {
  constructor(private readonly db: Db) {}

  findEntry(merchantId: number, id: number, db: Db = this.db): Promise<StockEntryRow | undefined> {
    return db
      .selectFrom('stocks')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The entry for a stock change, locked on PostgreSQL so that concurrent changes apply one after the other. */
  async lockEntry(trx: Db, merchantId: number, id: number): Promise<StockEntryRow | undefined> {
    const query = trx
      .selectFrom('stocks')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id);
    return (onPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  }

  findEntryAt(db: Db, merchantId: number, goodsId: number, storeId: number | null) {
    let query = db
      .selectFrom('stocks')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('goods_id', '=', goodsId);
    query = storeId === null ? query.where('store_id', 'is', null) : query.where('store_id', '=', storeId);
    return query.executeTakeFirst();
  }

  async listEntries(
    merchantId: number,
    scope: StockScope,
    filter: {
      stockType?: 0 | 1 | undefined;
      areaId?: number | undefined;
      storeId?: number | undefined;
      goodsId?: number | undefined;
      goodsName?: string | undefined;
    },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: StockEntryListed[]; count: number }> {
    let query = this.db
      .selectFrom('stocks')
      .innerJoin('goods', 'goods.id', 'stocks.goods_id')
      .leftJoin('stores', 'stores.id', 'stocks.store_id')
      .leftJoin('areas', 'areas.id', 'stores.area_id')
      .where('stocks.merchant_id', '=', merchantId);
    if (scope !== null) query = query.where('stocks.store_id', 'in', scope.length ? scope : [-1]);
    if (filter.stockType === 0) query = query.where('stocks.store_id', 'is', null);
    if (filter.stockType === 1) query = query.where('stocks.store_id', 'is not', null);
    if (filter.areaId) query = query.where('stores.area_id', '=', filter.areaId);
    if (filter.storeId) query = query.where('stocks.store_id', '=', filter.storeId);
    if (filter.goodsId) query = query.where('stocks.goods_id', '=', filter.goodsId);
    if (filter.goodsName) query = query.where(contains('goods.name', filter.goodsName));
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .selectAll('stocks')
      .select([...GOODS_BRIEF, 'stores.name as store_name', 'areas.id as area_id', 'areas.name as area_name'])
      .orderBy('stocks.updated_at', 'desc')
      .orderBy('stocks.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(count) };
  }

  /** Units per goods at the total level and summed over stores (within the scope). */
  async levelTotals(
    merchantId: number,
    scope: StockScope,
    goodsIds: number[],
  ): Promise<Map<number, { total: number; stores: number }>> {
    const out = new Map<number, { total: number; stores: number }>();
    if (!goodsIds.length) return out;
    let query = this.db
      .selectFrom('stocks')
      .select([
        'goods_id',
        (eb) =>
          eb.fn
            .sum<number>(eb.case().when('store_id', 'is', null).then(eb.ref('quantity')).else(0).end())
            .as('total'),
        (eb) =>
          eb.fn
            .sum<number>(eb.case().when('store_id', 'is not', null).then(eb.ref('quantity')).else(0).end())
            .as('stores'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('goods_id', 'in', goodsIds);
    if (scope !== null) query = query.where('store_id', 'in', scope.length ? scope : [-1]);
    for (const r of await query.groupBy('goods_id').execute()) {
      out.set(r.goods_id, { total: Number(r.total ?? 0), stores: Number(r.stores ?? 0) });
    }
    return out;
  }

  /** The store-level entries of one store, by goods name. */
  async storeEntries(merchantId: number, storeId: number) {
    return this.db
      .selectFrom('stocks')
      .innerJoin('goods', 'goods.id', 'stocks.goods_id')
      .select(['stocks.goods_id', 'stocks.quantity', ...GOODS_BRIEF])
      .where('stocks.merchant_id', '=', merchantId)
      .where('stocks.store_id', '=', storeId)
      .orderBy('goods.name')
      .execute();
  }

  async insertEntry(
    db: Db,
    entry: { merchantId: number; goodsId: number; storeId: number | null; quantity: number; now: number },
  ): Promise<number> {
    const row = await db
      .insertInto('stocks')
      .values({
        merchant_id: entry.merchantId,
        goods_id: entry.goodsId,
        store_id: entry.storeId,
        quantity: entry.quantity,
        created_at: entry.now,
        updated_at: entry.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setQuantity(db: Db, id: number, quantity: number, now: number): Promise<void> {
    await db.updateTable('stocks').set({ quantity, updated_at: now }).where('id', '=', id).execute();
  }

  async deleteEntry(db: Db, id: number): Promise<void> {
    await db.deleteFrom('stocks').where('id', '=', id).execute();
  }

  async insertRecord(db: Db, record: NewStockRecord): Promise<void> {
    await insertRecord.execute(db, fullRecord(record));
  }

  /**
   * A sale's write-off in the log: written at once, or, inside a machine-event batch (the transaction has a
   * write-behind), with the batch's other write-offs in multi-row statements before the commit (decision 051).
   */
  async insertSaleRecord(db: Db, record: NewStockRecord): Promise<void> {
    const writes = writeBehindOf(db);
    if (writes) writes.add(saleRecords, fullRecord(record));
    else await this.insertRecord(db, record);
  }

  /**
   * Removes the entries of a store or of goods that are being deleted, logging each as "delete goods stock"
   * with what it held, inside the caller's transaction.
   */
  async removeEntries(
    trx: Db,
    input: {
      merchantId: number;
      where: { storeId: number } | { goodsId: number };
      areaId?: number;
      userId: number;
      remarks: string;
      now: number;
    },
  ): Promise<void> {
    let query = trx
      .selectFrom('stocks')
      .leftJoin('stores', 'stores.id', 'stocks.store_id')
      .select(['stocks.id', 'stocks.goods_id', 'stocks.store_id', 'stocks.quantity', 'stores.area_id'])
      .where('stocks.merchant_id', '=', input.merchantId);
    query =
      'storeId' in input.where
        ? query.where('stocks.store_id', '=', input.where.storeId)
        : query.where('stocks.goods_id', '=', input.where.goodsId);
    const entries = await query.execute();
    for (const entry of entries) {
      await this.insertRecord(trx, {
        merchant_id: input.merchantId,
        goods_id: entry.goods_id,
        stock_type: entry.store_id === null ? 0 : 1,
        oper_type: 3,
        quantity: entry.quantity,
        balance: 0,
        area_id: entry.area_id ?? input.areaId ?? null,
        store_id: entry.store_id,
        sn: '',
        channel_id: null,
        channel_sn: '',
        oper_user_id: input.userId,
        order_no: '',
        remarks: input.remarks.slice(0, 200),
        created_at: input.now,
      });
      await this.deleteEntry(trx, entry.id);
    }
  }

  async listRecords(
    merchantId: number,
    scope: StockScope,
    filter: {
      goodsId?: number | undefined;
      areaId?: number | undefined;
      storeId?: number | undefined;
      sn?: string | undefined;
      stockType?: number | undefined;
      operType?: number | undefined;
      operUser?: number | undefined;
      from?: number | undefined;
      to?: number | undefined;
    },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: StockRecordListed[]; count: number }> {
    let query = this.db
      .selectFrom('stock_records')
      .innerJoin('goods', 'goods.id', 'stock_records.goods_id')
      .leftJoin('stores', 'stores.id', 'stock_records.store_id')
      .leftJoin('areas', 'areas.id', 'stock_records.area_id')
      .leftJoin('users', 'users.id', 'stock_records.oper_user_id')
      .where('stock_records.merchant_id', '=', merchantId);
    if (scope !== null) query = query.where('stock_records.store_id', 'in', scope.length ? scope : [-1]);
    if (filter.goodsId) query = query.where('stock_records.goods_id', '=', filter.goodsId);
    if (filter.areaId) query = query.where('stock_records.area_id', '=', filter.areaId);
    if (filter.storeId) query = query.where('stock_records.store_id', '=', filter.storeId);
    if (filter.sn) query = query.where('stock_records.sn', '=', filter.sn);
    if (filter.stockType !== undefined)
      query = query.where('stock_records.stock_type', '=', filter.stockType);
    if (filter.operType !== undefined) query = query.where('stock_records.oper_type', '=', filter.operType);
    if (filter.operUser) query = query.where('stock_records.oper_user_id', '=', filter.operUser);
    if (filter.from) query = query.where('stock_records.created_at', '>=', filter.from);
    if (filter.to) query = query.where('stock_records.created_at', '<', filter.to);
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .selectAll('stock_records')
      .select([
        ...GOODS_BRIEF,
        'stores.name as store_name',
        'areas.name as area_name',
        'users.username',
        'users.nickname',
      ])
      .orderBy('stock_records.created_at', 'desc')
      .orderBy('stock_records.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(count) };
  }
}

/** Every column of a log entry: one statement shape, prepared once (a machine sale writes one each). */
function fullRecord(record: NewStockRecord): Required<NewStockRecord> {
  return {
    ...record,
    area_id: record.area_id ?? null,
    store_id: record.store_id ?? null,
    channel_id: record.channel_id ?? null,
    oper_user_id: record.oper_user_id ?? null,
  };
}

const insertRecords = multiRowInsert<Required<NewStockRecord>>()((db, rows) =>
  db.insertInto('stock_records').values(rows),
);

/** Sales' write-offs queued by `insertSaleRecord`. */
const saleRecords: WriteQueue<Required<NewStockRecord>> = {
  async write(db, records) {
    await insertRecords.rows(db, records);
  },
};

const insertRecord = prepared<Required<NewStockRecord>>()((db, p) =>
  db.insertInto('stock_records').values(p),
);
