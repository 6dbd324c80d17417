import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { contains, lockMerchant, pageWindow } from '../../db/list-query';
import type { ReferrerRow, ReferrerSaleRow, ReferrerSalesTable, ReferrersTable } from './referrer-tables';

type Db = Kysely<Database>;

/** A referrer's totals: paid sales and the commission after refunds. */
export interface ReferrerTotals {
  referrer_id: number;
  sale_count: number;
  commission: number;
}

/** Sales and commission of one day and referrer. */
export interface ReferrerDayRow {
  day: number;
  referrer_id: number;
  sale_count: number;
  paid: number;
  refunded: number;
  commission: number;
}

export interface SaleFilter {
  merchantId: number;
  start: number;
  /** Exclusive. */
  end: number;
  sn?: string | undefined;
  referrerId?: number | undefined;
}

/** All SQL of the referrers and their sales. */
export class ReferrerRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: ReferrerRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ReferrerRepository(trx)));
  }

  lockMerchant(merchantId: number): Promise<void> {
    return lockMerchant(this.db, merchantId);
  }

  /** A referrer of the merchant that is not deleted. */
  findLive(merchantId: number, id: number): Promise<ReferrerRow | undefined> {
    return this.db
      .selectFrom('referrers')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A referrer of the merchant, deleted ones too (their sales stay listed). */
  find(merchantId: number, id: number): Promise<ReferrerRow | undefined> {
    return this.db
      .selectFrom('referrers')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Any referrer (deleted ones too), for the sales they once made. */
  byIds(ids: readonly number[]): Promise<ReferrerRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('referrers')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async numberTaken(merchantId: number, no: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('referrers')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('referrer_no', '=', no)
      .where('deleted_at', 'is', null);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async countLive(merchantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('referrers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: Insertable<ReferrersTable>): Promise<number> {
    const row = await this.db
      .insertInto('referrers')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, values: Updateable<ReferrersTable>): Promise<void> {
    await this.db.updateTable('referrers').set(values).where('id', '=', id).execute();
  }

  async list(
    merchantId: number,
    keyword: string | undefined,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: ReferrerRow[]; count: number }> {
    let query = this.db
      .selectFrom('referrers')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null);
    if (keyword)
      query = query.where((eb) => eb.or([contains('name', keyword), contains('referrer_no', keyword)]));
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(n) };
  }

  async totals(referrerIds: readonly number[]): Promise<Map<number, ReferrerTotals>> {
    if (referrerIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('referrer_sales')
      .select((eb) => [
        'referrer_id',
        eb.fn.countAll<number>().as('sale_count'),
        eb.fn.sum<number>('commission').as('commission'),
      ])
      .where('referrer_id', 'in', [...referrerIds])
      .groupBy('referrer_id')
      .execute();
    return new Map(
      rows.map((r) => [
        Number(r.referrer_id),
        {
          referrer_id: Number(r.referrer_id),
          sale_count: Number(r.sale_count),
          commission: Number(r.commission),
        },
      ]),
    );
  }

  // -- Sales

  /** Books a paid sale once per order (a repeated confirmation finds it booked). */
  async insertSale(values: Insertable<ReferrerSalesTable>): Promise<void> {
    await this.db
      .insertInto('referrer_sales')
      .values(values)
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
  }

  saleOfOrder(orderId: number): Promise<ReferrerSaleRow | undefined> {
    return this.db
      .selectFrom('referrer_sales')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  async updateSale(id: number, values: Updateable<ReferrerSalesTable>): Promise<void> {
    await this.db.updateTable('referrer_sales').set(values).where('id', '=', id).execute();
  }

  private sales(f: SaleFilter) {
    let query = this.db
      .selectFrom('referrer_sales')
      .where('merchant_id', '=', f.merchantId)
      .where('paid_at', '>=', f.start)
      .where('paid_at', '<', f.end);
    if (f.sn) query = query.where('sn', '=', f.sn);
    if (f.referrerId) query = query.where('referrer_id', '=', f.referrerId);
    return query;
  }

  /** Per day and referrer in the range, newest day first, paged; and the totals of the range. */
  async byDay(
    f: SaleFilter,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: ReferrerDayRow[]; count: number; totals: Omit<ReferrerDayRow, 'day' | 'referrer_id'> }> {
    const base = this.sales(f);
    const totals = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('sale_count'),
        eb.fn.sum<number>('amount').as('paid'),
        eb.fn.sum<number>('refunded').as('refunded'),
        eb.fn.sum<number>('commission').as('commission'),
      ])
      .executeTakeFirstOrThrow();
    const groups = await this.db
      .selectFrom(base.select(['day', 'referrer_id']).groupBy(['day', 'referrer_id']).as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await base
      .select((eb) => [
        'day',
        'referrer_id',
        eb.fn.countAll<number>().as('sale_count'),
        eb.fn.sum<number>('amount').as('paid'),
        eb.fn.sum<number>('refunded').as('refunded'),
        eb.fn.sum<number>('commission').as('commission'),
      ])
      .groupBy(['day', 'referrer_id'])
      .orderBy('day', 'desc')
      .orderBy('referrer_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      rows: rows.map((r) => ({
        day: Number(r.day),
        referrer_id: Number(r.referrer_id),
        sale_count: Number(r.sale_count),
        paid: Number(r.paid),
        refunded: Number(r.refunded),
        commission: Number(r.commission),
      })),
      count: Number(groups.n),
      totals: {
        sale_count: Number(totals.sale_count),
        paid: Number(totals.paid ?? 0),
        refunded: Number(totals.refunded ?? 0),
        commission: Number(totals.commission ?? 0),
      },
    };
  }

  async countSales(f: SaleFilter): Promise<number> {
    const row = await this.sales(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sales newest first (paid_at, id descending), a page of them: /record's source. */
  salesPage(f: SaleFilter, offset: number, limit: number): Promise<ReferrerSaleRow[]> {
    return this.sales(f)
      .selectAll()
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Distinct referrers with a sale in [start, end). */
  async sellingReferrers(merchantId: number, start: number, end: number): Promise<number> {
    const row = await this.db
      .selectFrom('referrer_sales')
      .select(sql<number>`count(distinct referrer_id)`.as('n'))
      .where('merchant_id', '=', merchantId)
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
