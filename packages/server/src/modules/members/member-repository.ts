import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { contains, onPostgres, pageWindow } from '../../db/list-query';
import type { MemberRow } from './member-tables';

type Db = Kysely<Database>;

export interface NewMember {
  merchant_id: number;
  client: string;
  openid: string;
  cardno: string;
  nickname: string;
  extends: string;
  now: number;
}

/** Every statement of the members module (decision 028): the module's own tables and `orders.member_id`. */
export class MemberRepository {
  constructor(private readonly db: Db) {}

  async byIdentity(
    db: Db,
    merchantId: number,
    client: string,
    openid: string,
  ): Promise<MemberRow | undefined> {
    return db
      .selectFrom('members')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('client', '=', client)
      .where('openid', '=', openid)
      .executeTakeFirst();
  }

  async byId(db: Db, merchantId: number, id: number, opts: { lock?: boolean } = {}) {
    const q = db.selectFrom('members').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id);
    return (opts.lock && onPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
  }

  async count(db: Db, merchantId: number): Promise<number> {
    const row = await db
      .selectFrom('members')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * A new member, or undefined when the insert met an existing row: the same identity (joined meanwhile) or, once
   * in a trillion, the same card number (the caller draws another). Conflicts do nothing, so a PostgreSQL
   * transaction stays usable.
   */
  async insert(db: Db, m: NewMember): Promise<number | undefined> {
    const row = await db
      .insertInto('members')
      .values({
        merchant_id: m.merchant_id,
        client: m.client,
        openid: m.openid,
        cardno: m.cardno,
        nickname: m.nickname,
        headimgurl: '',
        is_subscribe: 0,
        point: 0,
        balance: 0,
        spend: 0,
        order_count: 0,
        remarks: '',
        extends: m.extends,
        created_at: m.now,
        last_visit_at: m.now,
        updated_at: m.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  async list(merchantId: number, keyword: string | undefined, paging: { pageNum: number; pageSize: number }) {
    let q = this.db.selectFrom('members').where('merchant_id', '=', merchantId);
    if (keyword) {
      q = q.where((e) =>
        e.or([contains('nickname', keyword), contains('cardno', keyword), contains('remarks', keyword)]),
      );
    }
    const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const { limit, offset } = pageWindow(paging);
    const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** Every member matching, newest first, a page at a time (the report file). */
  async *all(merchantId: number, keyword: string | undefined): AsyncGenerator<MemberRow> {
    for (let page = 1; ; page++) {
      const { rows } = await this.list(merchantId, keyword, { pageNum: page, pageSize: 500 });
      yield* rows;
      if (rows.length < 500) return;
    }
  }

  async setRemarks(merchantId: number, id: number, remarks: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('members')
      .set({ remarks, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // -------------------------------------------------------------------------------------------------------
  // Points

  /** Adds points (earned) and the paid order to a member; the points after. */
  async addPaid(
    db: Db,
    id: number,
    change: { points: number; spend: number; visit: number; now: number },
  ): Promise<number> {
    const row = await db
      .updateTable('members')
      .set((e) => ({
        point: e('point', '+', change.points),
        spend: e('spend', '+', change.spend),
        order_count: e('order_count', '+', 1),
        last_visit_at: sql<number>`case when last_visit_at > ${change.visit} then last_visit_at else ${change.visit} end`,
        updated_at: change.now,
      }))
      .where('id', '=', id)
      .returning('point')
      .executeTakeFirstOrThrow();
    return Number(row.point);
  }

  /**
   * Takes `points` (at most what the member has: never below 0) and `spend` cents (never below 0) back after a
   * refund; the points actually taken and the points after. The member's row is locked first on PostgreSQL.
   */
  async takeBack(
    db: Db,
    merchantId: number,
    id: number,
    change: { points: number; spend: number; now: number },
  ): Promise<{ taken: number; after: number } | undefined> {
    const member = await this.byId(db, merchantId, id, { lock: true });
    if (!member) return undefined;
    const taken = Math.min(Number(member.point), Math.max(0, change.points));
    const spend = Math.min(Number(member.spend), Math.max(0, change.spend));
    const row = await db
      .updateTable('members')
      .set((e) => ({ point: e('point', '-', taken), spend: e('spend', '-', spend), updated_at: change.now }))
      .where('id', '=', id)
      .where('point', '>=', taken)
      .where('spend', '>=', spend)
      .returning('point')
      .executeTakeFirst();
    return row ? { taken, after: Number(row.point) } : undefined;
  }

  /** Spends points only while the member has them (point >= cost): the points after, or undefined. */
  async spend(db: Db, id: number, cost: number, now: number): Promise<number | undefined> {
    const row = await db
      .updateTable('members')
      .set((e) => ({ point: e('point', '-', cost), updated_at: now }))
      .where('id', '=', id)
      .where('point', '>=', cost)
      .returning('point')
      .executeTakeFirst();
    return row ? Number(row.point) : undefined;
  }

  async log(
    db: Db,
    line: {
      member_id: number;
      merchant_id: number;
      delta: number;
      point_after: number;
      reason: string;
      order_id: number | null;
      ref: string;
      now: number;
    },
  ): Promise<void> {
    const { now, ...rest } = line;
    await db
      .insertInto('member_point_logs')
      .values({ ...rest, created_at: now })
      .execute();
  }

  async logOf(memberId: number) {
    return this.db
      .selectFrom('member_point_logs')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** The paid order's points, once (false when the order was booked already: a repeated confirmation). */
  async bookOrder(
    db: Db,
    row: { order_id: number; member_id: number; paid: number; earned: number; now: number },
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('member_order_points')
      .values({
        order_id: row.order_id,
        member_id: row.member_id,
        paid: row.paid,
        earned: row.earned,
        reversed: 0,
        refunded: 0,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async orderPoints(db: Db, orderId: number) {
    return db
      .selectFrom('member_order_points')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  async setOrderPoints(db: Db, orderId: number, change: { reversed: number; refunded: number; now: number }) {
    await db
      .updateTable('member_order_points')
      .set({ reversed: change.reversed, refunded: change.refunded, updated_at: change.now })
      .where('order_id', '=', orderId)
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // The rule

  async rule(db: Db, merchantId: number) {
    return db
      .selectFrom('member_point_rules')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  }

  async setRule(merchantId: number, pointsPerYuan: number, now: number): Promise<void> {
    await this.db
      .insertInto('member_point_rules')
      .values({ merchant_id: merchantId, points_per_yuan: pointsPerYuan, updated_at: now })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({ points_per_yuan: pointsPerYuan, updated_at: now }),
      )
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // Certs

  async insertCert(
    db: Db,
    c: { member_id: number; token_hash: string; secret_hash: string; now: number; expires_at: number },
  ): Promise<void> {
    await db
      .insertInto('member_certs')
      .values({
        member_id: c.member_id,
        token_hash: c.token_hash,
        secret_hash: c.secret_hash,
        created_at: c.now,
        expires_at: c.expires_at,
      })
      .execute();
  }

  /** Before a new cert: a member's expired certs go, and live ones beyond the newest `keep` (a few phones). */
  async pruneCerts(db: Db, memberId: number, now: number, keep = 4): Promise<void> {
    await db
      .deleteFrom('member_certs')
      .where('member_id', '=', memberId)
      .where((e) =>
        e.or([
          e('expires_at', '<=', now),
          e(
            'id',
            'not in',
            e
              .selectFrom('member_certs as c')
              .select('c.id')
              .where('c.member_id', '=', memberId)
              .orderBy('c.id', 'desc')
              .limit(keep),
          ),
        ]),
      )
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // The member's bill (orders.member_id)

  /** Names the member on an order made without the sale-offers port (a gift voucher's free order). */
  async nameOrder(db: Db, orderId: number, memberId: number): Promise<void> {
    await db.updateTable('orders').set({ member_id: memberId }).where('id', '=', orderId).execute();
  }

  async bill(memberId: number, merchantId: number, paging: { pageNum: number; pageSize: number }) {
    const q = this.db
      .selectFrom('orders as o')
      .where('o.member_id', '=', memberId)
      .where('o.merchant_id', '=', merchantId)
      .where('o.status', '<>', 0);
    const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
    const { limit, offset } = pageWindow(paging);
    const rows = await q
      .leftJoin('devices as d', 'd.sn', 'o.sn')
      .leftJoin('member_order_points as p', 'p.order_id', 'o.id')
      .select([
        'o.id',
        'o.order_no',
        'o.created_at',
        'o.sn',
        'd.title',
        'o.amount',
        'o.refund_fee',
        'o.status',
        'p.earned',
        'p.reversed',
      ])
      .select((e) =>
        e
          .selectFrom('order_items as i')
          .select('i.goods_name')
          .whereRef('i.order_id', '=', 'o.id')
          .orderBy('i.id')
          .limit(1)
          .as('goods_name'),
      )
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(total?.n ?? 0) };
  }
}
