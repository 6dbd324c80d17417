import type { Kysely } from 'kysely';
import type { CouponReceiptState } from '@vendo/contract/api/coupons';
import type { Database } from '../../db/database';
import { contains, onPostgres, pageWindow } from '../../db/list-query';
import type { CouponReceiptRow, CouponRow, CouponsTable } from './coupon-tables';

type Db = Kysely<Database>;
export type CouponValues = Omit<
  CouponsTable,
  'id' | 'received' | 'used' | 'created_at' | 'created_by' | 'deleted_at'
>;

/** All SQL about coupons and their receipts. */
export class CouponRepository {
  constructor(private readonly db: Db) {}

  /** A merchant's coupon (deleted ones too when asked), locked on PostgreSQL when inside a transaction. */
  async coupon(
    db: Db,
    merchantId: number,
    id: number,
    opts: { deleted?: boolean; lock?: boolean } = {},
  ): Promise<CouponRow | undefined> {
    let q = db.selectFrom('coupons').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId);
    if (!opts.deleted) q = q.where('deleted_at', 'is', null);
    return (opts.lock && onPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
  }

  async list(
    merchantId: number,
    filter: { keyword?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: CouponRow[]; count: number }> {
    let q = this.db
      .selectFrom('coupons')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null);
    if (filter.keyword) q = q.where(contains('name', filter.keyword));
    const { limit, offset } = pageWindow(paging);
    const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** The merchant's coupons customers may receive on `today` (not deleted, in the receive window, some left). */
  receivable(merchantId: number, today: string): Promise<CouponRow[]> {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where('receive_start', '<=', today)
      .where('receive_end', '>=', today)
      .whereRef('received', '<', 'quantity')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  }

  async targets(db: Db, couponIds: readonly number[]): Promise<Map<number, { kind: string; id: number }[]>> {
    const out = new Map<number, { kind: string; id: number }[]>();
    if (couponIds.length === 0) return out;
    const rows = await db
      .selectFrom('coupon_targets')
      .selectAll()
      .where('coupon_id', 'in', [...couponIds])
      .orderBy('target_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.coupon_id) ?? [];
      list.push({ kind: r.kind, id: Number(r.target_id) });
      out.set(r.coupon_id, list);
    }
    return out;
  }

  async setTargets(
    trx: Db,
    couponId: number,
    kind: 'store' | 'goods',
    ids: readonly number[],
  ): Promise<void> {
    await trx.deleteFrom('coupon_targets').where('coupon_id', '=', couponId).execute();
    if (ids.length === 0) return;
    await trx
      .insertInto('coupon_targets')
      .values(ids.map((id) => ({ coupon_id: couponId, kind, target_id: id })))
      .execute();
  }

  /** Names of the merchant's stores or goods among `ids` (not deleted): the ones that exist. */
  async targetNames(db: Db, merchantId: number, kind: 'store' | 'goods', ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const table = kind === 'store' ? 'stores' : 'goods';
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  async insert(trx: Db, values: CouponValues & { created_by: number; created_at: number }): Promise<number> {
    const row = await trx
      .insertInto('coupons')
      .values({ ...values, received: 0, used: 0, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Changes a coupon, only while `quantity` stays at or above what was received (true when it changed). */
  async update(trx: Db, merchantId: number, id: number, values: CouponValues): Promise<boolean> {
    const r = await trx
      .updateTable('coupons')
      .set(values)
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where('received', '<=', values.quantity)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(merchantId: number, id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('coupons')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** One more received, only while some are left (the quantity guard). */
  async takeOne(trx: Db, id: number, now: number): Promise<boolean> {
    const r = await trx
      .updateTable('coupons')
      .set((e) => ({ received: e('received', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .whereRef('received', '<', 'quantity')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async countUsed(trx: Db, id: number, delta: 1 | -1): Promise<void> {
    await trx
      .updateTable('coupons')
      .set((e) => ({ used: e('used', '+', delta) }))
      .where('id', '=', id)
      .execute();
  }

  async receivedBy(trx: Db, couponId: number, customer: string): Promise<number> {
    const row = await trx
      .selectFrom('coupon_receipts')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('coupon_id', '=', couponId)
      .where('customer', '=', customer)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Per coupon, how many this customer received. */
  async receivedByCustomer(couponIds: readonly number[], customer: string): Promise<Map<number, number>> {
    if (couponIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('coupon_receipts')
      .select(['coupon_id', (e) => e.fn.countAll<number>().as('n')])
      .where('coupon_id', 'in', [...couponIds])
      .where('customer', '=', customer)
      .groupBy('coupon_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.coupon_id), Number(r.n)]));
  }

  async insertReceipt(
    trx: Db,
    values: {
      coupon_id: number;
      merchant_id: number;
      customer: string;
      points: number;
      sn: string;
      now: number;
    },
  ): Promise<number> {
    const row = await trx
      .insertInto('coupon_receipts')
      .values({
        coupon_id: values.coupon_id,
        merchant_id: values.merchant_id,
        customer: values.customer,
        status: 'unused',
        points: values.points,
        received_sn: values.sn,
        order_no: null,
        sn: null,
        discount: 0,
        received_at: values.now,
        used_at: null,
        updated_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  receipt(db: Db, id: number): Promise<CouponReceiptRow | undefined> {
    return db.selectFrom('coupon_receipts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The customer's unused receipts of a merchant's coupons that are not deleted, with their coupons. */
  async unusedOf(merchantId: number, customer: string) {
    return this.db
      .selectFrom('coupon_receipts as r')
      .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
      .selectAll('c')
      .select(['r.id as receipt_id'])
      .where('r.customer', '=', customer)
      .where('r.merchant_id', '=', merchantId)
      .where('r.status', '=', 'unused')
      .where('c.deleted_at', 'is', null)
      .orderBy('r.id', 'desc')
      .limit(50)
      .execute();
  }

  /** A customer's receipts of a merchant's coupons (deleted coupons too), newest first: the member's coupons. */
  async customerReceipts(
    merchantId: number,
    customer: string,
    status: CouponReceiptState | undefined,
    paging: { pageNum: number; pageSize: number },
  ) {
    let q = this.db
      .selectFrom('coupon_receipts as r')
      .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
      .where('r.customer', '=', customer)
      .where('r.merchant_id', '=', merchantId);
    if (status) q = q.where('r.status', '=', status);
    const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const { limit, offset } = pageWindow(paging);
    const rows = await q
      .select([
        'r.id as receipt_id',
        'r.coupon_id',
        'r.status',
        'r.points',
        'r.received_at',
        'r.used_at',
        'c.name',
        'c.type',
        'c.rate',
        'c.reduce',
        'c.condition',
        'c.use_start',
        'c.use_end',
        'c.weekdays',
      ])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** Moves a receipt from one state to another (and what goes with it), only from `from`: true when it did. */
  async moveReceipt(
    trx: Db,
    id: number,
    from: { status: CouponReceiptState; order_no?: string | null },
    to: Partial<Pick<CouponReceiptRow, 'status' | 'order_no' | 'sn' | 'discount' | 'used_at'>> & {
      updated_at: number;
    },
  ): Promise<boolean> {
    let q = trx.updateTable('coupon_receipts').set(to).where('id', '=', id).where('status', '=', from.status);
    if (from.order_no !== undefined)
      q = from.order_no === null ? q.where('order_no', 'is', null) : q.where('order_no', '=', from.order_no);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** /record's lines: receipts by when they were received, or uses by when they were used, in [start, end). */
  async records(
    merchantId: number,
    q: { kind: 'receive' | 'use'; start: number; end: number; sn?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ) {
    const time = q.kind === 'receive' ? 'r.received_at' : 'r.used_at';
    let base = this.db
      .selectFrom('coupon_receipts as r')
      .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
      .where('r.merchant_id', '=', merchantId)
      .where(time, '>=', q.start)
      .where(time, '<', q.end);
    if (q.kind === 'use') base = base.where('r.status', '=', 'used');
    if (q.sn) base = base.where(q.kind === 'receive' ? 'r.received_sn' : 'r.sn', '=', q.sn);
    const total = await base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const { limit, offset } = pageWindow(paging);
    const rows = await base
      .selectAll('r')
      .select('c.name as coupon_name')
      .orderBy(time, 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** The merchant's coupons (not deleted), and how many are running on `today` (receive or use window open). */
  async summary(merchantId: number, today: string): Promise<{ coupons: number; running: number }> {
    const base = this.db
      .selectFrom('coupons')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null);
    const all = await base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const running = await base
      .where((e) =>
        e.or([
          e.and([e('receive_start', '<=', today), e('receive_end', '>=', today)]),
          e.and([e('use_start', '<=', today), e('use_end', '>=', today)]),
        ]),
      )
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { coupons: Number(all?.n ?? 0), running: Number(running?.n ?? 0) };
  }

  async receipts(
    merchantId: number,
    filter: { coupon_id?: number | undefined; status?: CouponReceiptState | undefined },
    paging: { pageNum: number; pageSize: number },
  ) {
    let q = this.db
      .selectFrom('coupon_receipts as r')
      .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
      .where('r.merchant_id', '=', merchantId);
    if (filter.coupon_id) q = q.where('r.coupon_id', '=', filter.coupon_id);
    const used = await q
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('r.status', '=', 'used')
      .executeTakeFirst();
    if (filter.status) q = q.where('r.status', '=', filter.status);
    const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const { limit, offset } = pageWindow(paging);
    const rows = await q
      .selectAll('r')
      .select('c.name as coupon_name')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(total?.n ?? 0), useCount: Number(used?.n ?? 0) };
  }
}
