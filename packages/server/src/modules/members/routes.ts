import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/members';
import { MEMBER_CALL_PATHS, MEMBER_FIELD_LABELS } from '@vendo/contract/api/members';
import { addFieldLabels } from '../../platform/field-labels';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import { MEMBER_FILE_PATH } from './member-report';
import type { MembersModule } from './members-module';

addFieldLabels(MEMBER_FIELD_LABELS, MEMBER_CALL_PATHS);

/** The member page's calls (member cert), the purchase page's "my member", /member's calls and its file. */
export function memberRoutes(
  r: CallRegistrar,
  app: FastifyInstance,
  m: MembersModule,
  publicUrl: string | undefined,
): void {
  r.member(api.getMemberSelf, ({ member }) => m.members.self(member));
  r.member(api.getMemberBill, ({ member, body }) => m.members.bill(member, body));
  r.member(api.getMemberCardCoupon, ({ member, body }) => m.members.coupons(member, body));
  r.public(api.memberCert, ({ body }) => m.members.cert(body));
  r.session(api.getMember, ({ auth, body }) => m.members.list(auth, body));
  r.session(api.editMember, ({ auth, body }) => m.members.edit(auth, body));
  r.session(api.memberReport, ({ auth, body, locale, request }) =>
    m.report.request(auth, body, locale, publicOrigin(publicUrl, request)),
  );
  r.session(api.getPointRule, ({ auth }) => m.members.pointRule(auth));
  r.session(api.setPointRule, ({ auth, body }) => m.members.setPointRule(auth, body));
  reportFileRoute(app, MEMBER_FILE_PATH, (ticket, headers) => m.report.open(ticket, headers));
}
