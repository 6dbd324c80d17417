import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import {
  RECORD_KIND_LABELS,
  RECORD_KINDS,
  type MarketingRecord,
  type RecordKind,
} from '@vendo/contract/api/marketing';
import type * as api from '@vendo/contract/api/marketing';
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
import type { MarketingService, RecordQuery } from './marketing-service';

/** The path of a /record file's download link (the ticket goes in the query). */
export const RECORD_FILE_PATH = '/api/v1/b/recordReport/file';
export const RECORD_REPORT = 'record';

const T = {
  title: { 'zh-CN': '营销记录', 'zh-TW': '行銷記錄', 'en-US': 'Marketing records' },
  kind: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Kind' },
  time: { 'zh-CN': '时间', 'zh-TW': '時間', 'en-US': 'Time' },
  sn: { 'zh-CN': '设备编号', 'zh-TW': '設備編號', 'en-US': 'Machine SN' },
  orderno: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  customer: { 'zh-CN': '顾客', 'zh-TW': '顧客', 'en-US': 'Customer' },
  amount: { 'zh-CN': '金额(元)', 'zh-TW': '金額(元)', 'en-US': 'Amount (yuan)' },
  commission: { 'zh-CN': '佣金(元)', 'zh-TW': '佣金(元)', 'en-US': 'Commission (yuan)' },
  total: { 'zh-CN': '合计', 'zh-TW': '合計', 'en-US': 'Total' },
} satisfies Record<string, LocaleText>;

function columns(locale: Locale): Column[] {
  return [
    { title: T.kind[locale], type: 'text' },
    { title: T.time[locale], type: 'text', width: 20 },
    { title: T.sn[locale], type: 'text' },
    { title: T.orderno[locale], type: 'text', width: 26 },
    { title: T.name[locale], type: 'text', width: 24 },
    { title: T.customer[locale], type: 'text' },
    { title: T.amount[locale], type: 'money' },
    { title: T.commission[locale], type: 'money' },
  ];
}

export interface RecordReportDeps {
  db: Kysely<Database>;
  service: MarketingService;
  tickets: ReportTickets<typeof RECORD_REPORT>;
  authenticator: Authenticator;
  timeZone: string;
}

/**
 * /b/recordReport: /record's lines as XLSX or CSV through the platform's report files and signed links (as
 * /b/settleReport). The link carries the range resolved when it was asked for, so the file holds the lines the
 * screen meant; opening it checks the session and the main account again.
 */
export class RecordReport {
  private readonly zones: MerchantZones;

  constructor(private readonly d: RecordReportDeps) {
    this.zones = new MerchantZones(d.timeZone);
  }

  async request(
    auth: AuthContext,
    body: z.output<(typeof api.recordReport)['request']>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.recordReport>> {
    const q = await this.d.service.query(auth, body.condition);
    const file = await this.file(auth, q, body.format, locale);
    const condition = { start: q.filter.start, end: q.filter.end, sn: q.filter.sn ?? '', kinds: q.kinds };
    return reportLink(
      this.d.tickets,
      auth,
      { kind: RECORD_REPORT, format: body.format, condition, locale },
      { origin, path: RECORD_FILE_PATH, filename: file.filename },
    );
  }

  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    if (!isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    const c = ticket.condition;
    const start = c['start'];
    const end = c['end'];
    const sn = c['sn'];
    const kinds = c['kinds'];
    if (
      typeof start !== 'number' ||
      typeof end !== 'number' ||
      typeof sn !== 'string' ||
      !Array.isArray(kinds) ||
      !kinds.every((k) => RECORD_KINDS.includes(k as RecordKind))
    ) {
      throw new AppError(RCODE.REPORT_LINK_INVALID);
    }
    const q: RecordQuery = {
      filter: { merchantId: auth.merchant.id, start, end, ...(sn ? { sn } : {}) },
      kinds: kinds as RecordKind[],
    };
    return this.file(auth, q, ticket.format, ticket.locale);
  }

  private async file(
    auth: AuthContext,
    q: RecordQuery,
    format: ReportFormat,
    locale: Locale,
  ): Promise<ReportFile> {
    const timeZone = await this.zones.of(this.d.db, auth.merchant.id);
    const title = T.title[locale];
    const day = zonedDay(q.filter.start, timeZone);
    return {
      filename: `${title}_${day}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: async (out) => {
        const table = openTable(format, out, title, columns(locale));
        let count = 0;
        let amount = 0;
        let commission = 0;
        for await (const line of this.d.service.all(q)) {
          table.row(cells(line, locale, timeZone));
          count += 1;
          amount += line.amount;
          commission += line.commission ?? 0;
          if (count % 200 === 0) await table.drain();
        }
        table.row([`${T.total[locale]} (${count})`, null, null, null, null, null, amount, commission], true);
        await table.end();
      },
    };
  }
}

function cells(line: MarketingRecord, locale: Locale, timeZone: string) {
  return [
    RECORD_KIND_LABELS[line.kind][locale],
    zonedStamp(line.time, timeZone),
    line.sn,
    line.orderno,
    line.name,
    line.customer,
    line.amount,
    line.commission,
  ];
}
