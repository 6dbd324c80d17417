import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import {
  checkCouponRules,
  type addCoupon,
  type Coupon,
  type CouponReceipt,
  type CouponReceiptState,
  type CouponScope,
  type CouponType,
  type editCoupon,
  type getCardCouponList,
  type getCoupon,
} from '@vendo/contract/api/coupons';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { weekdaysFromText, weekdaysToText } from '@vendo/contract/weekdays';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../platform/auth';
import { AppError } from '../../platform/app-error';
import type { Body } from '../devices/call-types';
import type { MerchantZones } from '../orders/merchant-zones';
import type { CouponRepository, CouponValues } from './coupon-repository';
import type { CouponRow } from './coupon-tables';

export interface CouponsDeps {
  db: Kysely<Database>;
  repo: CouponRepository;
  zones: MerchantZones;
  clock: () => number;
}

type CouponBody = Body<typeof addCoupon>;

/** The activity center's coupons (main account only: the routes say mainOnly, the registrar enforces it). */
export class CouponsService {
  constructor(private readonly d: CouponsDeps) {}

  async list(auth: AuthContext, body: Body<typeof getCoupon>): Promise<CallResult<typeof getCoupon>> {
    const { rows, count } = await this.d.repo.list(auth.merchant.id, body.condition, body);
    return { data: await this.describe(auth.merchant.id, rows), count };
  }

  async add(auth: AuthContext, body: CouponBody): Promise<CallResult<typeof addCoupon>> {
    const merchantId = auth.merchant.id;
    const values = await this.checked(merchantId, body);
    const now = this.d.clock();
    const id = await this.d.db.transaction().execute(async (trx) => {
      const couponId = await this.d.repo.insert(trx, {
        ...values,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await this.writeTargets(trx, couponId, body);
      return couponId;
    });
    return { coupon_id: id };
  }

  async edit(auth: AuthContext, body: Body<typeof editCoupon>): Promise<CallResult<typeof editCoupon>> {
    const merchantId = auth.merchant.id;
    const existing = await this.d.repo.coupon(this.d.db, merchantId, body.coupon_id);
    if (!existing) throw new AppError(RCODE.COUPON_NOT_FOUND);
    const values = await this.checked(merchantId, body);
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      const locked = await this.d.repo.coupon(trx, merchantId, body.coupon_id, { lock: true });
      if (!locked) throw new AppError(RCODE.COUPON_NOT_FOUND);
      if (body.quantity < locked.received)
        throw new AppError(RCODE.COUPON_QUANTITY_BELOW_RECEIVED, { received: locked.received });
      const changed = await this.d.repo.update(trx, merchantId, body.coupon_id, {
        ...values,
        updated_at: now,
      });
      // Received in the meantime (SQLite has no row lock: the guarded update says so).
      if (!changed) throw new AppError(RCODE.COUPON_QUANTITY_BELOW_RECEIVED, { received: locked.received });
      await this.writeTargets(trx, body.coupon_id, body);
    });
    return { coupon_id: body.coupon_id };
  }

  async remove(auth: AuthContext, couponId: number): Promise<{ coupon_id: number }> {
    if (!(await this.d.repo.remove(auth.merchant.id, couponId, this.d.clock())))
      throw new AppError(RCODE.COUPON_NOT_FOUND);
    return { coupon_id: couponId };
  }

  async receipts(
    auth: AuthContext,
    body: Body<typeof getCardCouponList>,
  ): Promise<CallResult<typeof getCardCouponList>> {
    const merchantId = auth.merchant.id;
    if (body.condition.coupon_id) {
      const c = await this.d.repo.coupon(this.d.db, merchantId, body.condition.coupon_id, { deleted: true });
      if (!c) throw new AppError(RCODE.COUPON_NOT_FOUND);
    }
    const { rows, count, useCount } = await this.d.repo.receipts(merchantId, body.condition, body);
    const data: CouponReceipt[] = rows.map((r) => ({
      receipt_id: Number(r.id),
      coupon_id: Number(r.coupon_id),
      coupon_name: r.coupon_name,
      customer: maskCustomer(r.customer),
      status: r.status as CouponReceiptState,
      points: r.points,
      received_at: Number(r.received_at),
      used_at: r.used_at === null ? null : Number(r.used_at),
      order_no: r.order_no ?? '',
      sn: r.sn ?? '',
      discount: Number(r.discount),
    }));
    return { data, count, useCount };
  }

  /** /record's coupon lines (the marketing module's CouponFeed): receipts, or uses, in [start, end). */
  async couponRecords(
    merchantId: number,
    q: {
      kind: 'receive' | 'use';
      start: number;
      end: number;
      sn?: string;
      pageNum: number;
      pageSize: number;
    },
  ) {
    const { rows, count } = await this.d.repo.records(merchantId, q, q);
    return {
      data: rows.map((r) => ({
        receipt_id: Number(r.id),
        coupon_name: r.coupon_name,
        customer: maskCustomer(r.customer),
        order_no: q.kind === 'use' ? (r.order_no ?? '') : '',
        sn: q.kind === 'use' ? (r.sn ?? '') : r.received_sn,
        discount: q.kind === 'use' ? Number(r.discount) : 0,
        time: Number(q.kind === 'use' ? (r.used_at ?? r.received_at) : r.received_at),
      })),
      count,
    };
  }

  /** The activity center's coupon entry: how many coupons, how many running today (merchant time zone). */
  async summary(merchantId: number): Promise<{ coupons: number; running: number }> {
    const today = zonedDay(this.d.clock(), await this.d.zones.of(this.d.db, merchantId));
    return this.d.repo.summary(merchantId, today);
  }

  /**
   * The merchant's coupons among `ids` that are not deleted (the advertisements' coupon plans name them): what a
   * customer is told before receiving one.
   */
  async brief(
    merchantId: number,
    ids: readonly number[],
  ): Promise<
    Map<
      number,
      { coupon_id: number; name: string; type: CouponType; rate: number; reduce: number; condition: number }
    >
  > {
    const found = new Map<
      number,
      { coupon_id: number; name: string; type: CouponType; rate: number; reduce: number; condition: number }
    >();
    for (const id of new Set(ids)) {
      const c = await this.d.repo.coupon(this.d.db, merchantId, id);
      if (c)
        found.set(id, {
          coupon_id: Number(c.id),
          name: c.name,
          type: c.type as CouponType,
          rate: c.rate,
          reduce: c.reduce,
          condition: c.condition,
        });
    }
    return found;
  }

  /** Coupon names, deleted ones too (a plan keeps showing which coupon it named). */
  async names(merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of new Set(ids)) {
      const c = await this.d.repo.coupon(this.d.db, merchantId, id, { deleted: true });
      if (c) names.set(id, c.name);
    }
    return names;
  }

  /** The rules (api/coupons.ts checkCouponRules) in the merchant's today, then the stores or goods exist. */
  private async checked(merchantId: number, body: CouponBody): Promise<CouponValues> {
    const today = zonedDay(this.d.clock(), await this.d.zones.of(this.d.db, merchantId));
    const broken = checkCouponRules(body, today);
    if (broken) throw new AppError(RCODE[broken.rcode], broken.params);
    const kind = body.scope === 'stores' ? 'store' : body.scope === 'goods' ? 'goods' : null;
    if (kind) {
      const ids = kind === 'store' ? body.store_ids : body.goods_ids;
      const found = await this.d.repo.targetNames(this.d.db, merchantId, kind, ids);
      if (found.size !== ids.length) throw new AppError(RCODE.COUPON_TARGET_UNKNOWN);
    }
    return {
      merchant_id: merchantId,
      name: body.name,
      type: body.type,
      rate: body.type === 'rate' ? body.rate : 0,
      reduce: body.type === 'reduce' ? body.reduce : 0,
      condition: body.condition,
      scope: body.scope,
      quantity: body.quantity,
      receive_limit: body.receive_limit,
      points: body.points,
      receive_start: body.receive_start,
      receive_end: body.receive_end,
      use_start: body.use_start,
      use_end: body.use_end,
      weekdays: weekdaysToText(body.weekdays),
      referrer_id: 0,
      updated_at: this.d.clock(),
    };
  }

  private async writeTargets(trx: Kysely<Database>, couponId: number, body: CouponBody): Promise<void> {
    if (body.scope === 'stores') await this.d.repo.setTargets(trx, couponId, 'store', body.store_ids);
    else if (body.scope === 'goods') await this.d.repo.setTargets(trx, couponId, 'goods', body.goods_ids);
    else await this.d.repo.setTargets(trx, couponId, 'store', []);
  }

  private async describe(merchantId: number, rows: CouponRow[]): Promise<Coupon[]> {
    const targets = await this.d.repo.targets(
      this.d.db,
      rows.map((r) => Number(r.id)),
    );
    const storeIds = [...targets.values()]
      .flat()
      .filter((t) => t.kind === 'store')
      .map((t) => t.id);
    const goodsIds = [...targets.values()]
      .flat()
      .filter((t) => t.kind === 'goods')
      .map((t) => t.id);
    const stores = await this.d.repo.targetNames(this.d.db, merchantId, 'store', storeIds);
    const goods = await this.d.repo.targetNames(this.d.db, merchantId, 'goods', goodsIds);
    return rows.map((r) => {
      const mine = targets.get(Number(r.id)) ?? [];
      const names = (kind: string) => (kind === 'store' ? stores : goods);
      return {
        coupon_id: Number(r.id),
        name: r.name,
        type: r.type as CouponType,
        rate: r.rate,
        reduce: Number(r.reduce),
        condition: Number(r.condition),
        scope: r.scope as CouponScope,
        store_ids: mine.filter((t) => t.kind === 'store').map((t) => t.id),
        goods_ids: mine.filter((t) => t.kind === 'goods').map((t) => t.id),
        targets: mine.map((t) => ({ id: t.id, name: names(t.kind).get(t.id) ?? '' })),
        quantity: r.quantity,
        receive_limit: r.receive_limit,
        points: r.points,
        receive_start: r.receive_start,
        receive_end: r.receive_end,
        use_start: r.use_start,
        use_end: r.use_end,
        weekdays: weekdaysFromText(r.weekdays),
        referrer_id: Number(r.referrer_id),
        received: r.received,
        used: r.used,
        create_time: Number(r.created_at),
      };
    });
  }
}

/** 'wechat:oAbC…wxyz': enough to tell customers apart in a list, not to copy an identity. */
export function maskCustomer(customer: string): string {
  const colon = customer.indexOf(':');
  const channel = customer.slice(0, colon + 1);
  const id = customer.slice(colon + 1);
  return id.length <= 8 ? `${channel}${id.slice(0, 2)}…` : `${channel}${id.slice(0, 4)}…${id.slice(-4)}`;
}
