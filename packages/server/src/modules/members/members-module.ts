import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Authenticator } from '../../platform/auth';
import { ReportTickets } from '../../platform/report-tickets';
import type { CustomerIdentity } from '../orders/customer-identity';
import { MemberOffer } from './member-offer';
import { MEMBER_REPORT, MemberReport } from './member-report';
import { MemberRepository } from './member-repository';
import { MembersService, type MemberCouponSource } from './members-service';

export interface MembersModule {
  /** /member's calls, the member page's calls and the purchase page's member cert. */
  members: MembersService;
  /** The orders' SaleOffer (members named on orders, points and spend) and the MemberPoints coupons and gifts use. */
  offer: MemberOffer;
  report: MemberReport;
}

/**
 * Members (issue 18), built on the orders' ports: app.ts plugs `offer` in with orders.useSaleOffer, and into
 * coupons and gifts as their MemberPoints; the member's coupons are read through `coupons` (CouponOffer).
 */
export function createMembers(deps: {
  db: Kysely<Database>;
  customers: CustomerIdentity;
  coupons?: MemberCouponSource;
  authenticator: Authenticator;
  platformSecret: string;
  timeZone: string;
  clock: () => number;
}): MembersModule {
  const repo = new MemberRepository(deps.db);
  const offer = new MemberOffer({ db: deps.db, repo, clock: deps.clock });
  const members = new MembersService({
    db: deps.db,
    repo,
    offer,
    customers: deps.customers,
    ...(deps.coupons ? { coupons: deps.coupons } : {}),
    clock: deps.clock,
  });
  const report = new MemberReport({
    db: deps.db,
    repo,
    offer,
    tickets: new ReportTickets(deps.platformSecret, deps.clock, 'member-report-links', [MEMBER_REPORT]),
    authenticator: deps.authenticator,
    timeZone: deps.timeZone,
    clock: deps.clock,
  });
  return { members, offer, report };
}
