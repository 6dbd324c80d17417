import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { GoodsTable } from './catalog-tables';
import { contains, pageWindow } from '../../db/list-query';
import { prepared } from '../../db/prepared-query';
import { writeBehindOf, type WriteQueue } from '../../db/write-behind';

type Db = Kysely<Database>;
export type GoodsRow = Selectable<GoodsTable>;
export type GoodsInput = Omit<
  Insertable<GoodsTable>,
  'id' | 'merchant_id' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'
>;

/** All SQL about goods and their detail images. Deleted goods (deleted_at set) leave every list. */
export class GoodsRepository {
  constructor(private readonly db: Db) {}

  find(merchantId: number, id: number, db: Db = this.db): Promise<GoodsRow | undefined> {
    return db
      .selectFrom('goods')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Newest first; ownerId limits the list to goods that user added. */
  async list(
    merchantId: number,
    ownerId: number | null,
    filter: { name?: string | undefined; code?: string | undefined; tag?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: GoodsRow[]; count: number }> {
    let query = this.db
      .selectFrom('goods')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null);
    if (ownerId !== null) query = query.where('created_by', '=', ownerId);
    if (filter.name) query = query.where(contains('name', filter.name));
    if (filter.code) query = query.where(contains('goods_code', filter.code));
    if (filter.tag) query = query.where(contains('tags', filter.tag));
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(count) };
  }

  /** Detail image paths per goods, in order. */
  async detailImages(goodsIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (!goodsIds.length) return out;
    const rows = await this.db
      .selectFrom('goods_detail_images')
      .select(['goods_id', 'path'])
      .where('goods_id', 'in', goodsIds)
      .orderBy('goods_id')
      .orderBy('position')
      .execute();
    for (const r of rows) out.set(r.goods_id, [...(out.get(r.goods_id) ?? []), r.path]);
    return out;
  }

  /** Name, image and price of goods, deleted ones included: the stock log keeps showing them. */
  async briefs(merchantId: number, ids: number[]): Promise<Map<number, GoodsRow>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async count(db: Db, merchantId: number): Promise<number> {
    const row = await db
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(
    db: Db,
    merchantId: number,
    userId: number,
    input: GoodsInput,
    detailImages: string[],
    now: number,
  ): Promise<number> {
    const row = await db
      .insertInto('goods')
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
    await this.replaceDetailImages(db, row.id, detailImages);
    return row.id;
  }

  async update(
    db: Db,
    merchantId: number,
    id: number,
    input: GoodsInput,
    detailImages: string[],
    now: number,
  ): Promise<void> {
    await db
      .updateTable('goods')
      .set({ ...input, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
    await this.replaceDetailImages(db, id, detailImages);
  }

  async softDelete(db: Db, merchantId: number, id: number, now: number): Promise<void> {
    await db
      .updateTable('goods')
      .set({ deleted_at: now, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }

  /** A sale: units sold go up inside the order's transaction. */
  /**
   * Counts a sale in the goods' sold total: at once, or, inside a machine-event batch (the transaction has a
   * write-behind), summed per goods and written once per goods before the commit, in the goods' id order
   * (decision 051).
   */
  async addSold(db: Db, id: number, quantity: number): Promise<void> {
    const writes = writeBehindOf(db);
    if (writes) writes.add(soldCounts, { id, quantity });
    else await addSold.execute(db, { id, quantity });
  }

  /** Which of these stored paths are files we hold. */
  async existingUploads(paths: string[]): Promise<Set<string>> {
    if (!paths.length) return new Set();
    const rows = await this.db.selectFrom('uploads').select('path').where('path', 'in', paths).execute();
    return new Set(rows.map((r) => r.path));
  }

  private async replaceDetailImages(db: Db, goodsId: number, paths: string[]): Promise<void> {
    await db.deleteFrom('goods_detail_images').where('goods_id', '=', goodsId).execute();
    if (!paths.length) return;
    await db
      .insertInto('goods_detail_images')
      .values(paths.map((path, position) => ({ goods_id: goodsId, position, path })))
      .execute();
  }
}

/** On every machine sale: prepared once (docs/ingest.md). */
/** Sold counts queued by `addSold`: one update per goods with the batch's sum. */
const soldCounts: WriteQueue<{ id: number; quantity: number }> = {
  async write(db, counts) {
    const sums = new Map<number, number>();
    for (const { id, quantity } of counts) sums.set(id, (sums.get(id) ?? 0) + quantity);
    for (const id of [...sums.keys()].sort((a, b) => a - b))
      await addSold.execute(db, { id, quantity: sums.get(id)! });
  },
};

const addSold = prepared<{ id: number; quantity: number }>()((db, p) =>
  db
    .updateTable('goods')
    .set((eb) => ({ sold: eb('sold', '+', p.quantity) }))
    .where('id', '=', p.id),
);
