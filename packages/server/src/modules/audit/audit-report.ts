import type { z } from 'zod';
import {
  AUDIT_ACTOR_KIND_LABELS,
  AUDIT_KIND_LABELS,
  auditActionLabel,
  auditFieldLabel,
  auditTargetText,
} from '@vendo/contract/api/audit';
import type * as api from '@vendo/contract/api/audit';
import type { CallResult } from '@vendo/contract/api/call';
import { zonedDay, zonedStamp } from '@vendo/contract/constants';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import { openTable, REPORT_CONTENT_TYPES, type Column, type ReportFormat } from '../../platform/report-file';
import { reportLink, resumeReportLink, type ReportFile } from '../../platform/report-links';
import type { ReportTickets } from '../../platform/report-tickets';
import type { AuditRepository } from './audit-repository';
import { changesOf, type AuditService } from './audit-service';

/** The path of an audit file's download link (the ticket goes in the query). */
export const AUDIT_FILE_PATH = '/api/v1/u/auditReport/file';
export const AUDIT_REPORT = 'audit';

const T = {
  title: { 'zh-CN': '操作日志', 'zh-TW': '操作日誌', 'en-US': 'Audit log' },
  at: { 'zh-CN': '时间', 'zh-TW': '時間', 'en-US': 'Time' },
  who: { 'zh-CN': '操作人', 'zh-TW': '操作人', 'en-US': 'Who' },
  actor: { 'zh-CN': '身份', 'zh-TW': '身分', 'en-US': 'As' },
  ip: { 'zh-CN': '地址', 'zh-TW': '位址', 'en-US': 'Address' },
  kind: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Kind' },
  action: { 'zh-CN': '操作', 'zh-TW': '操作', 'en-US': 'Action' },
  target: { 'zh-CN': '对象', 'zh-TW': '對象', 'en-US': 'Target' },
  sn: { 'zh-CN': '设备号', 'zh-TW': '設備號', 'en-US': 'Machine' },
  changes: { 'zh-CN': '变更', 'zh-TW': '變更', 'en-US': 'Changes' },
  call: { 'zh-CN': '接口', 'zh-TW': '介面', 'en-US': 'Call' },
  agent: { 'zh-CN': '浏览器', 'zh-TW': '瀏覽器', 'en-US': 'User agent' },
} satisfies Record<string, LocaleText>;

function columns(locale: Locale): Column[] {
  return [
    { title: T.at[locale], type: 'text', width: 20 },
    { title: T.who[locale], type: 'text', width: 20 },
    { title: T.actor[locale], type: 'text' },
    { title: T.ip[locale], type: 'text', width: 16 },
    { title: T.kind[locale], type: 'text', width: 14 },
    { title: T.action[locale], type: 'text', width: 14 },
    { title: T.target[locale], type: 'text', width: 24 },
    { title: T.sn[locale], type: 'text', width: 16 },
    { title: T.changes[locale], type: 'text', width: 40 },
    { title: T.call[locale], type: 'text', width: 28 },
    { title: T.agent[locale], type: 'text', width: 30 },
  ];
}

/**
 * /u/auditReport: the list's entries as XLSX or CSV through the platform's report files and signed links (as
 * /b/memberReport). Opening the link checks the session and the main account again.
 */
export class AuditReport {
  constructor(
    private readonly d: {
      service: AuditService;
      repo: AuditRepository;
      tickets: ReportTickets<typeof AUDIT_REPORT>;
      authenticator: Authenticator;
    },
  ) {}

  async request(
    auth: AuthContext,
    body: z.output<(typeof api.auditReport)['request']>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.auditReport>> {
    // Checked now, so a bad range or machine is refused at the call and not at the link.
    await this.d.service.checkedFilter(auth, body.condition);
    const file = this.file(auth, body.condition, body.format, locale);
    return reportLink(
      this.d.tickets,
      auth,
      { kind: AUDIT_REPORT, format: body.format, condition: { ...body.condition }, locale },
      { origin, path: AUDIT_FILE_PATH, filename: file.filename },
    );
  }

  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    if (!isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    const c = ticket.condition;
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    const kind = typeof c['kind'] === 'string' ? (c['kind'] as Conditions['kind']) : undefined;
    return this.file(
      auth,
      {
        start_time: num(c['start_time']),
        end_time: num(c['end_time']),
        actor: num(c['actor']),
        kind,
        sn: typeof c['sn'] === 'string' ? c['sn'] : undefined,
      },
      ticket.format,
      ticket.locale,
    );
  }

  private file(auth: AuthContext, condition: Conditions, format: ReportFormat, locale: Locale): ReportFile {
    const filter = this.d.service.filter(auth, condition);
    const zone = this.d.service.zoneOf(auth);
    const title = T.title[locale];
    return {
      filename: `${title}_${zonedDay(filter.start, zone)}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: async (out) => {
        const table = openTable(format, out, title, columns(locale));
        let count = 0;
        for await (const row of this.d.repo.all(filter)) {
          const kind = AUDIT_KIND_LABELS[row.kind as keyof typeof AUDIT_KIND_LABELS];
          const actor = AUDIT_ACTOR_KIND_LABELS[row.actor_kind as keyof typeof AUDIT_ACTOR_KIND_LABELS];
          table.row([
            zonedStamp(Number(row.at), zone),
            row.actor_name,
            actor ? actor[locale] : row.actor_kind,
            row.ip,
            kind ? kind[locale] : row.kind,
            auditActionLabel(row.action, locale),
            auditTargetText(row, locale),
            row.machine_sn,
            changesOf(row)
              .map(
                (c) =>
                  `${auditFieldLabel(c.field, locale)}: ${String(c.before ?? '')} → ${String(c.after ?? '')}`,
              )
              .join('; '),
            row.call,
            row.user_agent,
          ]);
          count += 1;
          if (count % 200 === 0) await table.drain();
        }
        await table.end();
      },
    };
  }
}

type Conditions = z.output<(typeof api.auditReport)['request']>['condition'];
