import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { contains } from '../../db/list-query';
import type { GiftCodeRow, GiftCodesTable, GiftRow, GiftsTable } from './gift-tables';

type Db = Kysely<Database>;

/** Batches read at most this many at a time for the list (a merchant has far fewer). */
const LIST_MAX = 5000;
/** Codes are inserted this many per statement. */
const INSERT_CHUNK = 200;

export interface CodeWithGift {
  code: GiftCodeRow;
  gift: GiftRow;
}

/** All SQL of the gift vouchers. */
export class GiftRepository {
  constructor(private readonly db: Db) {}

  async insertGift(
    trx: Db,
    gift: Omit<Insertable<GiftsTable>, 'id'>,
    sns: readonly string[],
    goods: readonly { id: number; name: string }[],
    codes: readonly string[],
  ): Promise<number> {
    const row = await trx.insertInto('gifts').values(gift).returning('id').executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .insertInto('gift_devices')
      .values(sns.map((sn) => ({ gift_id: id, sn })))
      .execute();
    await trx
      .insertInto('gift_goods')
      .values(goods.map((g, position) => ({ gift_id: id, goods_id: g.id, position, goods_name: g.name })))
      .execute();
    const rows: Omit<Insertable<GiftCodesTable>, 'id'>[] = codes.map((code) => ({
      gift_id: id,
      merchant_id: gift.merchant_id,
      code,
      status: 'unused',
      order_id: null,
      order_no: null,
      used_sn: null,
      used_goods: null,
      used_at: null,
      updated_at: gift.created_at,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('gift_codes')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    return id;
  }

  /** Codes among `codes` that exist already (a new batch draws again for these). */
  async existingCodes(trx: Db, codes: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      const rows = await trx
        .selectFrom('gift_codes')
        .select('code')
        .where('code', 'in', codes.slice(i, i + INSERT_CHUNK))
        .execute();
      for (const r of rows) out.add(r.code);
    }
    return out;
  }

  gift(merchantId: number, id: number, db: Db = this.db): Promise<GiftRow | undefined> {
    return db
      .selectFrom('gifts')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('state', '!=', 'deleted')
      .executeTakeFirst();
  }

  /** The merchant's batches, newest first (deleted ones only when asked). */
  gifts(merchantId: number, filter: { keyword?: string; deleted: boolean }): Promise<GiftRow[]> {
    let q = this.db
      .selectFrom('gifts')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('state', filter.deleted ? '=' : '!=', 'deleted');
    if (filter.keyword) {
      const k = filter.keyword;
      q = q.where((eb) => eb.or([contains('name', k), contains('salesman', k)]));
    }
    return q.orderBy('id', 'desc').limit(LIST_MAX).execute();
  }

  async counts(ids: readonly number[]): Promise<Map<number, Map<string, number>>> {
    const out = new Map<number, Map<string, number>>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('gift_codes')
      .select(['gift_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('gift_id', 'in', [...ids])
      .groupBy(['gift_id', 'status'])
      .execute();
    for (const r of rows) {
      const id = Number(r.gift_id);
      const map = out.get(id) ?? new Map<string, number>();
      map.set(r.status, Number(r.n));
      out.set(id, map);
    }
    return out;
  }

  /** Per batch, its used codes whose order is one of `orderIds`. */
  async usedBy(orderIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (let i = 0; i < orderIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('gift_codes')
        .select(['gift_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'used')
        .where('order_id', 'in', orderIds.slice(i, i + 500))
        .groupBy('gift_id')
        .execute();
      for (const r of rows) out.set(Number(r.gift_id), (out.get(Number(r.gift_id)) ?? 0) + Number(r.n));
    }
    return out;
  }

  async devicesOf(ids: readonly number[], db: Db = this.db): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (!ids.length) return out;
    const rows = await db
      .selectFrom('gift_devices')
      .select(['gift_id', 'sn'])
      .where('gift_id', 'in', [...ids])
      .orderBy('sn')
      .execute();
    for (const r of rows) out.set(Number(r.gift_id), [...(out.get(Number(r.gift_id)) ?? []), r.sn]);
    return out;
  }

  async goodsOf(
    ids: readonly number[],
    db: Db = this.db,
  ): Promise<Map<number, { goods_id: number; goods_name: string }[]>> {
    const out = new Map<number, { goods_id: number; goods_name: string }[]>();
    if (!ids.length) return out;
    const rows = await db
      .selectFrom('gift_goods')
      .select(['gift_id', 'goods_id', 'goods_name'])
      .where('gift_id', 'in', [...ids])
      .orderBy('gift_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const list = out.get(Number(r.gift_id)) ?? [];
      list.push({ goods_id: Number(r.goods_id), goods_name: r.goods_name });
      out.set(Number(r.gift_id), list);
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------------------
  // What a batch may name: the merchant's machines and goods

  async machines(
    merchantId: number,
    filter: { keyword?: string | undefined; giftId?: number | undefined },
    page: { offset: number; limit: number },
  ) {
    const { keyword, giftId } = filter;
    let q = this.db
      .selectFrom('devices')
      .leftJoin('stores', 'stores.id', 'devices.store_id')
      .where('devices.merchant_id', '=', merchantId);
    if (giftId !== undefined) {
      q = q.where('devices.sn', 'in', (eb) =>
        eb.selectFrom('gift_devices').select('gift_devices.sn').where('gift_devices.gift_id', '=', giftId),
      );
    }
    if (keyword) {
      q = q.where((eb) => eb.or([contains('devices.sn', keyword), contains('devices.title', keyword)]));
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['devices.sn', 'devices.title', 'devices.type', 'devices.alive', 'stores.name as store_name'])
      .orderBy('devices.sn')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { count: Number(total.n), rows };
  }

  async ownedSns(merchantId: number, sns: readonly string[]): Promise<Set<string>> {
    if (!sns.length) return new Set();
    const rows = await this.db
      .selectFrom('devices')
      .select('sn')
      .where('merchant_id', '=', merchantId)
      .where('sn', 'in', [...sns])
      .execute();
    return new Set(rows.map((r) => r.sn));
  }

  async ownedGoods(merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  // -------------------------------------------------------------------------------------------------------
  // Codes

  async byCode(code: string, db: Db = this.db): Promise<CodeWithGift | undefined> {
    const row = await db.selectFrom('gift_codes').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) return undefined;
    const gift = await db.selectFrom('gifts').selectAll().where('id', '=', row.gift_id).executeTakeFirst();
    return gift ? { code: row, gift } : undefined;
  }

  async hasDevice(giftId: number, sn: string, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('gift_devices')
      .select('sn')
      .where('gift_id', '=', giftId)
      .where('sn', '=', sn)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes a code for an order, only from the state the caller saw (unused or downloaded; or used by the failed
   * order it names): two redeems at once, one wins. True when it took it.
   */
  async claim(
    trx: Db,
    seen: GiftCodeRow,
    fields: { order_id: number; order_no: string; used_sn: string; used_goods: string; used_at: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('gift_codes')
      .set({ ...fields, status: 'used', updated_at: fields.used_at })
      .where('id', '=', seen.id)
      .where('status', '=', seen.status)
      .$call((q) =>
        seen.order_id === null ? q.where('order_id', 'is', null) : q.where('order_id', '=', seen.order_id),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setState(trx: Db, giftId: number, state: string, now: number): Promise<void> {
    await trx.updateTable('gifts').set({ state, updated_at: now }).where('id', '=', giftId).execute();
  }

  async moveCodes(trx: Db, giftId: number, from: readonly string[], to: string, now: number): Promise<void> {
    await trx
      .updateTable('gift_codes')
      .set({ status: to, updated_at: now })
      .where('gift_id', '=', giftId)
      .where('status', 'in', [...from])
      .execute();
  }

  async markDownloaded(trx: Db, giftId: number, now: number): Promise<void> {
    await this.moveCodes(trx, giftId, ['unused'], 'downloaded', now);
    await trx
      .updateTable('gifts')
      .set({ downloaded_at: now, updated_at: now })
      .where('id', '=', giftId)
      .where('downloaded_at', 'is', null)
      .execute();
  }

  codes(giftId: number, db: Db = this.db): Promise<GiftCodeRow[]> {
    return db.selectFrom('gift_codes').selectAll().where('gift_id', '=', giftId).orderBy('id').execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // Redemptions (the records screen)

  async redemptions(
    merchantId: number,
    filter: { start: number; end: number; sn?: string },
    page: { offset: number; limit: number },
  ) {
    let q = this.db
      .selectFrom('gift_codes')
      .innerJoin('gifts', 'gifts.id', 'gift_codes.gift_id')
      .where('gift_codes.merchant_id', '=', merchantId)
      .where('gift_codes.used_at', '>=', filter.start)
      .where('gift_codes.used_at', '<', filter.end);
    if (filter.sn) q = q.where('gift_codes.used_sn', '=', filter.sn);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select([
        'gift_codes.gift_id',
        'gifts.name',
        'gift_codes.code',
        'gift_codes.order_no',
        'gift_codes.used_sn',
        'gift_codes.used_goods',
        'gift_codes.used_at',
      ])
      .orderBy('gift_codes.used_at', 'desc')
      .orderBy('gift_codes.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { count: Number(total.n), rows };
  }

  /** Codes per state over the merchant's batches that are not deleted (the activity center). */
  async merchantCounts(merchantId: number) {
    return this.db
      .selectFrom('gift_codes')
      .innerJoin('gifts', 'gifts.id', 'gift_codes.gift_id')
      .select(['gifts.id', 'gift_codes.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('gifts.merchant_id', '=', merchantId)
      .where('gifts.state', '!=', 'deleted')
      .groupBy(['gifts.id', 'gift_codes.status'])
      .execute();
  }
}
