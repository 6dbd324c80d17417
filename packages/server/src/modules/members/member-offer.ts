import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  defaultNickname,
  MEMBER_APP,
  MEMBER_CARDNO_DIGITS,
  pointsAfterRefunds,
  pointsEarned,
  POINTS_PER_YUAN_DEFAULT,
} from '@vendo/contract/api/members';
import { appMaxCount, isAppUsable } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { lockMerchant } from '../../db/list-query';
import { AppError } from '../../platform/app-error';
import { AppModules } from '../apps/app-modules';
import type { MemberPoints, PointsSpend } from '../orders/member-points';
import type { OrderRow, RefundRow } from '../orders/order-tables';
import type { OfferEffect, OfferRequest, OfferSale, SaleOffer } from '../orders/sale-offers';
import type { MemberRepository } from './member-repository';
import type { MemberRow } from './member-tables';

type Db = Kysely<Database>;

export interface MemberOfferDeps {
  db: Db;
  repo: MemberRepository;
  clock: () => number;
}

/** Why a customer could not be made a member: the Member app is missing or expired, or the quota is full. */
export type JoinRefusal = { refused: 'unavailable' } | { refused: 'quota'; max: number };

/**
 * Members on the orders' ports (docs/marketing.md "Members"): a signed-in customer's order names their member
 * (made on the spot within the Member app's quota; never refusing the sale), its payment earns points by the
 * merchant's rule and adds to the spend, its refunds take both back in proportion (points never below 0); coupons
 * and gift vouchers spend points through MemberPoints, a guarded update each.
 */
export class MemberOffer implements SaleOffer, MemberPoints {
  constructor(private readonly d: MemberOfferDeps) {}

  /** Whether the merchant's Member app is present and not expired, and its quota (read in `db`, a transaction). */
  async memberApp(db: Db, merchantId: number): Promise<{ usable: boolean; max: number }> {
    const app = (await new AppModules(db).list(merchantId)).find((a) => a.app_module_name === MEMBER_APP);
    return { usable: isAppUsable(app, this.d.clock()), max: appMaxCount(app, MEMBER_APP) };
  }

  /**
   * The customer's member at the merchant, made now (0 points) when they are none yet: while the Member app is
   * usable and below its quota. Inside the caller's transaction; on PostgreSQL the merchant row is locked while a
   * new member is counted and written, so the quota holds under concurrent joins.
   */
  async join(
    trx: Db,
    merchantId: number,
    customer: string,
    sn: string,
    now: number,
  ): Promise<MemberRow | JoinRefusal> {
    const { client, openid } = identityOf(customer);
    const app = await this.memberApp(trx, merchantId);
    if (!app.usable) return { refused: 'unavailable' };
    const existing = await this.d.repo.byIdentity(trx, merchantId, client, openid);
    if (existing) return existing;
    await lockMerchant(trx, merchantId);
    if ((await this.d.repo.count(trx, merchantId)) >= app.max) return { refused: 'quota', max: app.max };
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.d.repo.insert(trx, {
        merchant_id: merchantId,
        client,
        openid,
        cardno: newCardno(),
        nickname: defaultNickname(client, openid),
        extends: JSON.stringify([{ name: 'joined_sn', value: sn }]),
        now,
      });
      // Made now, or by a concurrent join of the same customer; else the card number was taken: draw again.
      const made = await this.d.repo.byIdentity(trx, merchantId, client, openid);
      if (made) return made;
    }
    throw new Error('no free member card number after 5 draws');
  }

  // -----------------------------------------------------------------------------------------------------
  // The orders' sale-offers port

  /** A signed-in customer's order names their member; anything that keeps them from being one is not a refusal. */
  async apply(trx: Db, sale: OfferSale, request: OfferRequest): Promise<OfferEffect> {
    if (!request.customer) return {};
    const member = await this.join(trx, sale.merchant_id, request.customer, sale.sn, sale.now);
    return 'refused' in member ? {} : { member_id: member.id };
  }

  /** The payment: points by the merchant's rule now, the spend, the visit; once per order. */
  async paid(trx: Db, order: OrderRow): Promise<void> {
    if (order.member_id === null) return;
    const member = await this.d.repo.byId(trx, order.merchant_id, Number(order.member_id));
    if (!member) return;
    const rule = await this.d.repo.rule(trx, order.merchant_id);
    const earned = pointsEarned(order.amount, rule?.points_per_yuan ?? POINTS_PER_YUAN_DEFAULT);
    const now = this.d.clock();
    const booked = await this.d.repo.bookOrder(trx, {
      order_id: order.id,
      member_id: member.id,
      paid: order.amount,
      earned,
      now,
    });
    if (!booked) return;
    const after = await this.d.repo.addPaid(trx, member.id, {
      points: earned,
      spend: order.amount,
      visit: order.paid_at ?? now,
      now,
    });
    if (earned > 0) {
      await this.d.repo.log(trx, {
        member_id: member.id,
        merchant_id: order.merchant_id,
        delta: earned,
        point_after: after,
        reason: 'earn',
        order_id: order.id,
        ref: '',
        now,
      });
    }
  }

  /**
   * A refund: the order's points are due back in proportion to what was refunded (floor(earned × kept / paid)
   * kept), and the spend goes down by the refund. Points already spent stay spent: the member never goes below 0.
   */
  async refunded(trx: Db, _refund: RefundRow, order: OrderRow): Promise<void> {
    const booked = await this.d.repo.orderPoints(trx, order.id);
    if (!booked) return;
    const paid = Number(booked.paid);
    const refunded = Math.min(paid, order.refund_fee);
    const due = Number(booked.earned) - pointsAfterRefunds(Number(booked.earned), paid, refunded);
    const points = due - Number(booked.reversed);
    const spend = refunded - Number(booked.refunded);
    if (points <= 0 && spend <= 0) return;
    const now = this.d.clock();
    await this.d.repo.setOrderPoints(trx, order.id, { reversed: due, refunded, now });
    const took = await this.d.repo.takeBack(trx, order.merchant_id, Number(booked.member_id), {
      points,
      spend,
      now,
    });
    if (took && took.taken > 0) {
      await this.d.repo.log(trx, {
        member_id: Number(booked.member_id),
        merchant_id: order.merchant_id,
        delta: -took.taken,
        point_after: took.after,
        reason: 'refund',
        order_id: order.id,
        ref: '',
        now,
      });
    }
  }

  // -----------------------------------------------------------------------------------------------------
  // MemberPoints: coupons and gift vouchers

  async balance(db: Db, merchantId: number, customer: string): Promise<number | null> {
    if (!(await this.memberApp(db, merchantId)).usable) return null;
    const { client, openid } = identityOf(customer);
    const member = await this.d.repo.byIdentity(db, merchantId, client, openid);
    return member ? Number(member.point) : null;
  }

  async spend(trx: Db, s: PointsSpend): Promise<void> {
    if (s.points <= 0) return;
    if (!(await this.memberApp(trx, s.merchant_id)).usable) throw new AppError(RCODE.MEMBERS_UNAVAILABLE);
    const { client, openid } = identityOf(s.customer);
    const member = await this.d.repo.byIdentity(trx, s.merchant_id, client, openid);
    if (!member) throw new AppError(RCODE.MEMBER_POINTS_SHORT, { have: 0, need: s.points });
    const after = await this.d.repo.spend(trx, member.id, s.points, s.now);
    if (after === undefined) {
      const now = await this.d.repo.byId(trx, s.merchant_id, member.id);
      throw new AppError(RCODE.MEMBER_POINTS_SHORT, { have: Number(now?.point ?? 0), need: s.points });
    }
    await this.d.repo.log(trx, {
      member_id: member.id,
      merchant_id: s.merchant_id,
      delta: -s.points,
      point_after: after,
      reason: s.reason,
      order_id: s.order_id ?? null,
      ref: s.ref.slice(0, 64),
      now: s.now,
    });
    // The order the points paid for (a gift voucher's free order) is the member's: it shows in their bill.
    if (s.order_id) await this.d.repo.nameOrder(trx, s.order_id, member.id);
  }
}

/** `<channel>:<openid>` → its parts. */
export function identityOf(customer: string): { client: string; openid: string } {
  const colon = customer.indexOf(':');
  return { client: customer.slice(0, colon), openid: customer.slice(colon + 1) };
}

/** 12 digits from the CSPRNG, never starting with 0. */
function newCardno(): string {
  const low = 10 ** (MEMBER_CARDNO_DIGITS - 1);
  return String(randomInt(low, low * 10));
}
