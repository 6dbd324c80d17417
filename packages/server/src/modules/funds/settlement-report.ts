import type { Kysely } from 'kysely';
import * as api from '@vendo/contract/api/funds';
import type { CallResult } from '@vendo/contract/api/call';
import { zonedStamp } from '@vendo/contract/constants';
import { enumLabel, PAYMENT_LABELS, PERMISSIONS } from '@vendo/contract/enums';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import { REPORT_VIEW_PERMISSION, SETTLEMENT_REPORT } from '@vendo/contract/permissions';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import {
  openTable,
  REPORT_CONTENT_TYPES,
  type Cell,
  type Column,
  type ReportFormat,
} from '../../platform/report-file';
import { reportLink, resumeReportLink, type ReportFile } from '../../platform/report-links';
import type { ReportTickets } from '../../platform/report-tickets';
import { permissionsOf } from '../accounts/permissions';
import { MerchantZones } from '../orders/merchant-zones';
import type { FundsService } from './funds-service';

/** The path of a settlement file's download link (the ticket goes in the query). */
export const SETTLEMENT_FILE_PATH = '/api/v1/b/settleReport/file';

/** The detail is read this many lines at a time, the writer letting the client catch up between pages. */
const LINES_PAGE = 500;

/** Headers and words of the file, in each language (the caller's when they asked). */
const T = {
  title: { 'zh-CN': '结算明细', 'zh-TW': '結算明細', 'en-US': 'Settlement detail' },
  kind: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Type' },
  payment: { 'zh-CN': '收入', 'zh-TW': '收入', 'en-US': 'Payment' },
  refund: { 'zh-CN': '退款', 'zh-TW': '退款', 'en-US': 'Refund' },
  orderno: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  sn: { 'zh-CN': '设备编号', 'zh-TW': '設備編號', 'en-US': 'Machine SN' },
  client: { 'zh-CN': '支付方式', 'zh-TW': '支付方式', 'en-US': 'Payment method' },
  amount: { 'zh-CN': '金额(元)', 'zh-TW': '金額(元)', 'en-US': 'Amount (yuan)' },
  time: { 'zh-CN': '时间', 'zh-TW': '時間', 'en-US': 'Time' },
  total: { 'zh-CN': '合计', 'zh-TW': '合計', 'en-US': 'Total' },
} satisfies Record<string, LocaleText>;

function columns(locale: Locale): Column[] {
  return [
    { title: T.kind[locale], type: 'text' },
    { title: T.orderno[locale], type: 'text', width: 26 },
    { title: T.sn[locale], type: 'text' },
    { title: T.client[locale], type: 'text' },
    { title: T.amount[locale], type: 'money' },
    { title: T.time[locale], type: 'text', width: 20 },
  ];
}

export interface SettlementReportDeps {
  db: Kysely<Database>;
  service: FundsService;
  tickets: ReportTickets<typeof SETTLEMENT_REPORT>;
  authenticator: Authenticator;
  /** The zone of merchants that set none. */
  timeZone: string;
}

/**
 * /b/settleReport (issue 16): a settlement record's detail as XLSX or CSV, through the platform's report files
 * and signed links (as /a/report). Asking and opening both read the record through getSettleDetail's own checks
 * (same merchant, not open, within the caller's accounts) and need 1033 besides 1036; the file's rows are the
 * detail's lines, read a page at a time.
 */
export class SettlementReport {
  private readonly zones: MerchantZones;

  constructor(private readonly d: SettlementReportDeps) {
    this.zones = new MerchantZones(d.timeZone);
  }

  async request(
    auth: AuthContext,
    body: z.output<(typeof api.settleReport)['request']>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.settleReport>> {
    await this.assertMay(auth);
    const file = await this.file(auth, body.id, body.format, locale);
    return reportLink(
      this.d.tickets,
      auth,
      { kind: SETTLEMENT_REPORT, format: body.format, condition: { id: body.id }, locale },
      { origin, path: SETTLEMENT_FILE_PATH, filename: file.filename },
    );
  }

  /** The file of a link: its session, then the permissions and the record again. */
  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    await this.assertMay(auth);
    const id = ticket.condition['id'];
    if (typeof id !== 'number' || !Number.isInteger(id)) throw new AppError(RCODE.REPORT_LINK_INVALID);
    return this.file(auth, id, ticket.format, ticket.locale);
  }

  /** The main account, or staff holding 1033 and the settlement records' 1036 (the call's guard checked 1036). */
  private async assertMay(auth: AuthContext): Promise<void> {
    if (isMainAccount(auth.user)) return;
    const perms = await permissionsOf(this.d.db, auth.user);
    const view = PERMISSIONS[REPORT_VIEW_PERMISSION[SETTLEMENT_REPORT]];
    if (!perms.includes(PERMISSIONS.Report) || !perms.includes(view)) throw new AppError(RCODE.FORBIDDEN);
  }

  private page(auth: AuthContext, id: number, pageNum: number) {
    return this.d.service.detail(
      auth,
      api.getSettleDetail.request.parse({ id, pageNum, pageSize: LINES_PAGE }),
    );
  }

  /** The record checked and its first page read now (a refused record answers the call, not a broken file). */
  private async file(
    auth: AuthContext,
    id: number,
    format: ReportFormat,
    locale: Locale,
  ): Promise<ReportFile> {
    const first = await this.page(auth, id, 1);
    const timeZone = await this.zones.of(this.d.db, auth.user.merchant_id);
    const title = T.title[locale];
    const record = first.record;
    return {
      filename: `${title}_${record.settle_date}_${record.id}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: async (out) => {
        const table = openTable(format, out, title, columns(locale));
        let lines = first.lines;
        let count = 0;
        let sum = 0;
        for (let pageNum = 1; ;) {
          for (const line of lines.data) {
            table.row(lineCells(line, locale, timeZone));
            count += 1;
            sum += line.amount;
          }
          await table.drain();
          if (pageNum * LINES_PAGE >= lines.count || lines.data.length === 0) break;
          pageNum += 1;
          lines = (await this.page(auth, id, pageNum)).lines;
        }
        table.row([`${T.total[locale]} (${count})`, null, null, null, sum, null], true);
        await table.end();
      },
    };
  }
}

/** A line as the file shows it: its kind and payment method in words, the time in the merchant's zone. */
export function lineCells(
  line: z.infer<typeof api.settlementLine>,
  locale: Locale,
  timeZone: string,
): Cell[] {
  return [
    T[line.kind][locale],
    line.orderno,
    line.sn,
    enumLabel(PAYMENT_LABELS, line.client, locale) ?? line.client,
    line.amount,
    zonedStamp(line.time, timeZone),
  ];
}
