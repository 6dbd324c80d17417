import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type * as api from '@vendo/contract/api/members';
import { zonedDay, zonedStamp } from '@vendo/contract/constants';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import { openTable, REPORT_CONTENT_TYPES, type Column, type ReportFormat } from '../../platform/report-file';
import { reportLink, resumeReportLink, type ReportFile } from '../../platform/report-links';
import type { ReportTickets } from '../../platform/report-tickets';
import { MerchantZones } from '../orders/merchant-zones';
import type { MemberOffer } from './member-offer';
import type { MemberRepository } from './member-repository';
import { memberOf } from './members-service';

/** The path of a members file's download link (the ticket goes in the query). */
export const MEMBER_FILE_PATH = '/api/v1/b/memberReport/file';
export const MEMBER_REPORT = 'members';

const T = {
  title: { 'zh-CN': '会员', 'zh-TW': '會員', 'en-US': 'Members' },
  cardno: { 'zh-CN': '会员卡号', 'zh-TW': '會員卡號', 'en-US': 'Card number' },
  nickname: { 'zh-CN': '昵称', 'zh-TW': '暱稱', 'en-US': 'Nickname' },
  client: { 'zh-CN': '来源', 'zh-TW': '來源', 'en-US': 'Channel' },
  openid: { 'zh-CN': 'OpenID', 'zh-TW': 'OpenID', 'en-US': 'OpenID' },
  point: { 'zh-CN': '积分', 'zh-TW': '積分', 'en-US': 'Points' },
  balance: { 'zh-CN': '余额(元)', 'zh-TW': '餘額(元)', 'en-US': 'Balance (yuan)' },
  spend: { 'zh-CN': '累计消费(元)', 'zh-TW': '累計消費(元)', 'en-US': 'Total spend (yuan)' },
  orders: { 'zh-CN': '订单数', 'zh-TW': '訂單數', 'en-US': 'Orders' },
  subscribe: { 'zh-CN': '关注公众号', 'zh-TW': '關注公眾號', 'en-US': 'Follows the account' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  created: { 'zh-CN': '入会时间', 'zh-TW': '入會時間', 'en-US': 'Joined' },
  visit: { 'zh-CN': '最近消费', 'zh-TW': '最近消費', 'en-US': 'Last visit' },
  yes: { 'zh-CN': '是', 'zh-TW': '是', 'en-US': 'Yes' },
  no: { 'zh-CN': '否', 'zh-TW': '否', 'en-US': 'No' },
  wechat: { 'zh-CN': '微信', 'zh-TW': '微信', 'en-US': 'WeChat' },
  alipay: { 'zh-CN': '支付宝', 'zh-TW': '支付寶', 'en-US': 'Alipay' },
  total: { 'zh-CN': '合计', 'zh-TW': '合計', 'en-US': 'Total' },
} satisfies Record<string, LocaleText>;

function columns(locale: Locale): Column[] {
  return [
    { title: T.cardno[locale], type: 'text', width: 16 },
    { title: T.nickname[locale], type: 'text', width: 18 },
    { title: T.client[locale], type: 'text' },
    { title: T.openid[locale], type: 'text', width: 16 },
    { title: T.point[locale], type: 'int' },
    { title: T.balance[locale], type: 'money' },
    { title: T.spend[locale], type: 'money' },
    { title: T.orders[locale], type: 'int' },
    { title: T.subscribe[locale], type: 'text' },
    { title: T.remarks[locale], type: 'text', width: 30 },
    { title: T.created[locale], type: 'text', width: 20 },
    { title: T.visit[locale], type: 'text', width: 20 },
  ];
}

export interface MemberReportDeps {
  db: Kysely<Database>;
  repo: MemberRepository;
  offer: MemberOffer;
  tickets: ReportTickets<typeof MEMBER_REPORT>;
  authenticator: Authenticator;
  timeZone: string;
  clock: () => number;
}

/**
 * /b/memberReport: the members (the list's keyword) as XLSX or CSV through the platform's report files and signed
 * links (as /b/recordReport). Opening the link checks the session, the main account and the Member app again.
 */
export class MemberReport {
  private readonly zones: MerchantZones;

  constructor(private readonly d: MemberReportDeps) {
    this.zones = new MerchantZones(d.timeZone);
  }

  async request(
    auth: AuthContext,
    body: z.output<(typeof api.memberReport)['request']>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.memberReport>> {
    const keyword = body.condition.keyword ?? '';
    const file = await this.file(auth, keyword, body.format, locale);
    return reportLink(
      this.d.tickets,
      auth,
      { kind: MEMBER_REPORT, format: body.format, condition: { keyword }, locale },
      { origin, path: MEMBER_FILE_PATH, filename: file.filename },
    );
  }

  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    if (!(await this.d.offer.memberApp(this.d.db, auth.merchant.id)).usable)
      throw new AppError(RCODE.APP_EXPIRED);
    if (!isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    const keyword = ticket.condition['keyword'];
    if (typeof keyword !== 'string') throw new AppError(RCODE.REPORT_LINK_INVALID);
    return this.file(auth, keyword, ticket.format, ticket.locale);
  }

  private async file(
    auth: AuthContext,
    keyword: string,
    format: ReportFormat,
    locale: Locale,
  ): Promise<ReportFile> {
    const timeZone = await this.zones.of(this.d.db, auth.merchant.id);
    const title = T.title[locale];
    const now = zonedDay(this.d.clock(), timeZone);
    const merchantId = auth.merchant.id;
    return {
      filename: `${title}_${now}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: async (out) => {
        const table = openTable(format, out, title, columns(locale));
        let count = 0;
        let points = 0;
        let spend = 0;
        for await (const row of this.d.repo.all(merchantId, keyword || undefined)) {
          const m = memberOf(row, { masked: true });
          table.row([
            m.cardno,
            m.nickname,
            T[m.client][locale],
            m.openid,
            m.point,
            m.balance,
            m.spend,
            m.order_count,
            (m.is_subscribe ? T.yes : T.no)[locale],
            m.remarks,
            zonedStamp(m.created_at, timeZone),
            zonedStamp(m.last_visit_at, timeZone),
          ]);
          count += 1;
          points += m.point;
          spend += m.spend;
          if (count % 200 === 0) await table.drain();
        }
        table.row(
          [`${T.total[locale]} (${count})`, null, null, null, points, 0, spend, null, null, null, null, null],
          true,
        );
        await table.end();
      },
    };
  }
}
