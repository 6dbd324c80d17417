import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type * as api from '@vendo/contract/api/members';
import {
  isPointsPerYuan,
  MEMBER_CERT_TTL_MS,
  POINTS_PER_YUAN_DEFAULT,
  POINTS_PER_YUAN_MAX,
  type Member,
  type MemberCoupon,
} from '@vendo/contract/api/members';
import { PAY_CHANNELS, type PayChannel } from '@vendo/contract/api/purchase';
import type { CouponReceiptState } from '@vendo/contract/api/coupons';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext, MemberContext } from '../../platform/auth';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Body } from '../devices/call-types';
import type { CustomerIdentity } from '../orders/customer-identity';
import type { MemberOffer } from './member-offer';
import type { MemberRepository } from './member-repository';
import type { MemberRow } from './member-tables';

type Db = Kysely<Database>;

/** What the members module reads of coupons (CouponOffer.customerCoupons), typed here so members names no class. */
export interface MemberCouponSource {
  customerCoupons(
    merchantId: number,
    customer: string,
    status: CouponReceiptState | undefined,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ data: MemberCoupon[]; count: number }>;
}

export interface MembersDeps {
  db: Db;
  repo: MemberRepository;
  offer: MemberOffer;
  customers: CustomerIdentity;
  coupons?: MemberCouponSource;
  clock: () => number;
}

/**
 * Members (issue 18, docs/marketing.md "Members"): /member's calls (list, remarks, points rule, the quota), the
 * member page's calls (its own member, bill and coupons) and the purchase page's member cert.
 */
export class MembersService {
  constructor(private readonly d: MembersDeps) {}

  // -------------------------------------------------------------------------------------------------------
  // The merchant (/member; main account and the Member app, checked by the registrar from the contract)

  async list(auth: AuthContext, body: Body<typeof api.getMember>): Promise<CallResult<typeof api.getMember>> {
    const merchantId = auth.merchant.id;
    const { rows, count } = await this.d.repo.list(merchantId, body.condition.keyword, body);
    const used = await this.d.repo.count(this.d.db, merchantId);
    const { max } = await this.d.offer.memberApp(this.d.db, merchantId);
    return { data: rows.map((r) => memberOf(r, { masked: true })), count, quota: { used, max } };
  }

  async edit(
    auth: AuthContext,
    body: Body<typeof api.editMember>,
  ): Promise<CallResult<typeof api.editMember>> {
    if (!(await this.d.repo.setRemarks(auth.merchant.id, body.member_id, body.remarks, this.d.clock())))
      throw new AppError(RCODE.MEMBER_NOT_FOUND);
    return { member_id: body.member_id };
  }

  async pointRule(auth: AuthContext): Promise<CallResult<typeof api.getPointRule>> {
    const rule = await this.d.repo.rule(this.d.db, auth.merchant.id);
    return rule
      ? { points_per_yuan: rule.points_per_yuan, updated_at: Number(rule.updated_at) }
      : { points_per_yuan: POINTS_PER_YUAN_DEFAULT, updated_at: null };
  }

  async setPointRule(
    auth: AuthContext,
    body: Body<typeof api.setPointRule>,
  ): Promise<CallResult<typeof api.setPointRule>> {
    if (!isPointsPerYuan(body.points_per_yuan))
      throw new AppError(RCODE.POINT_RULE_RANGE, { max: POINTS_PER_YUAN_MAX });
    await this.d.repo.setRule(auth.merchant.id, body.points_per_yuan, this.d.clock());
    return this.pointRule(auth);
  }

  // -------------------------------------------------------------------------------------------------------
  // The member (auth 'member': the cert names the member and the merchant)

  async self(who: MemberContext): Promise<CallResult<typeof api.getMemberSelf>> {
    const member = await this.live(who);
    const merchant = await this.d.db
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', who.merchantId)
      .executeTakeFirst();
    return { data: { ...memberOf(member, { masked: false }), mch_name: merchant?.name ?? '' } };
  }

  async bill(
    who: MemberContext,
    body: Body<typeof api.getMemberBill>,
  ): Promise<CallResult<typeof api.getMemberBill>> {
    const member = await this.live(who);
    const { rows, count } = await this.d.repo.bill(member.id, who.merchantId, body);
    return {
      count,
      data: rows.map((r) => ({
        order_no: r.order_no,
        time: Number(r.created_at),
        sn: r.sn,
        machine_name: r.title ?? '',
        goods_name: r.goods_name ?? '',
        amount: Number(r.amount),
        refund_fee: Number(r.refund_fee),
        status: r.status,
        points: Number(r.earned ?? 0) - Number(r.reversed ?? 0),
      })),
    };
  }

  async coupons(
    who: MemberContext,
    body: Body<typeof api.getMemberCardCoupon>,
  ): Promise<CallResult<typeof api.getMemberCardCoupon>> {
    const member = await this.live(who);
    if (!this.d.coupons) return { data: [], count: 0 };
    return this.d.coupons.customerCoupons(
      who.merchantId,
      `${member.client}:${member.openid}`,
      body.condition.status,
      body,
    );
  }

  /** The member the cert names, while the merchant's Member app is usable. */
  private async live(who: MemberContext): Promise<MemberRow> {
    if (!(await this.d.offer.memberApp(this.d.db, who.merchantId)).usable)
      throw new AppError(RCODE.MEMBERS_UNAVAILABLE);
    const member = await this.d.repo.byId(this.d.db, who.merchantId, who.memberId);
    if (!member) throw new AppError(RCODE.INVALID_CERT);
    return member;
  }

  // -------------------------------------------------------------------------------------------------------
  // The purchase page: "my member"

  /** A cert of the signed-in customer's member at the machine's merchant (made now when they are none yet). */
  async cert(body: Body<typeof api.memberCert>): Promise<CallResult<typeof api.memberCert>> {
    const customer = this.d.customers.verify(body.customer);
    if (!customer) throw new AppError(RCODE.CUSTOMER_IDENTITY_FAILED);
    const machine = await this.d.db
      .selectFrom('devices')
      .select(['merchant_id'])
      .where('sn', '=', body.sn)
      .executeTakeFirst();
    if (!machine) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (machine.merchant_id === null) throw new AppError(RCODE.MACHINE_NOT_SELLING);
    const merchantId = Number(machine.merchant_id);
    const now = this.d.clock();
    const token = randomToken();
    const secret = randomToken();
    const expiresAt = now + MEMBER_CERT_TTL_MS;
    await this.d.db.transaction().execute(async (trx) => {
      const member = await this.d.offer.join(trx, merchantId, customer, body.sn, now);
      if ('refused' in member) {
        if (member.refused === 'quota') throw new AppError(RCODE.MEMBER_QUOTA_REACHED, { max: member.max });
        throw new AppError(RCODE.MEMBERS_UNAVAILABLE);
      }
      await this.d.repo.pruneCerts(trx, member.id, now);
      await this.d.repo.insertCert(trx, {
        member_id: member.id,
        token_hash: sha256(token),
        secret_hash: sha256(secret),
        now,
        expires_at: expiresAt,
      });
    });
    return { token, secret, expires_at: expiresAt };
  }
}

/** A member as the calls answer it; the merchant sees the openid masked. */
export function memberOf(r: MemberRow, opts: { masked: boolean }): Member {
  return {
    member_id: Number(r.id),
    cardno: r.cardno,
    client: (PAY_CHANNELS as readonly string[]).includes(r.client) ? (r.client as PayChannel) : 'wechat',
    openid: opts.masked ? maskOpenid(r.openid) : r.openid,
    nickname: r.nickname,
    headimgurl: r.headimgurl,
    is_subscribe: r.is_subscribe,
    point: Number(r.point),
    balance: Number(r.balance),
    spend: Number(r.spend),
    remarks: r.remarks,
    extends: parseExtends(r.extends),
    order_count: r.order_count,
    created_at: Number(r.created_at),
    last_visit_at: Number(r.last_visit_at),
  };
}

/** 'oAbc…wxyz': the first 3 and last 4 characters. */
export function maskOpenid(openid: string): string {
  if (openid.length <= 7) return `${openid.slice(0, 1)}***`;
  return `${openid.slice(0, 3)}****${openid.slice(-4)}`;
}

function parseExtends(text: string): { name: string; value: string }[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((e: unknown) =>
      e && typeof e === 'object' && 'name' in e && 'value' in e
        ? [{ name: String(e.name), value: String(e.value) }]
        : [],
    );
  } catch {
    return [];
  }
}
