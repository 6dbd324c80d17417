import type { Kysely } from 'kysely';
import type * as api from '@vendo/contract/api/analytics';
import type { ReportKind } from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import { zonedDate } from '@vendo/contract/constants';
import { PERMISSIONS } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { REPORT_VIEW_PERMISSION } from '@vendo/contract/permissions';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import { permissionsOf } from '../accounts/permissions';
import type { Body } from '../devices/call-types';
import { columns, reportTitle } from './report-columns';
import { openTable, REPORT_CONTENT_TYPES, type Cell, type ReportFormat } from '../../platform/report-file';
import { reportLink, resumeReportLink, type ReportFile } from '../../platform/report-links';
import { REPORTS, type ReportSources } from './report-kinds';
import type { ReportTickets } from '../../platform/report-tickets';

export interface ReportDeps extends ReportSources {
  db: Kysely<Database>;
  tickets: ReportTickets<ReportKind>;
  authenticator: Authenticator;
}

/** The path of a download link; the ticket goes in the query (a path parameter is limited to 100 characters). */
export const REPORT_FILE_PATH = '/api/v1/a/report/file';

/**
 * Report download (spec §6, 1033): the bills of a range or a statistics view as XLSX or CSV. Asking checks
 * everything the screen would (conditions, range, places, permissions) and answers a signed link for 10 minutes
 * bound to the session that asked; opening it checks the session, the permissions and the conditions again and
 * streams the file. Bills are read a page at a time; statistics come from the screens' own services, so the
 * file's figures are the screen's.
 */
export class ReportService {
  constructor(private readonly d: ReportDeps) {}

  async request(
    auth: AuthContext,
    body: Body<typeof api.report>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.report>> {
    const condition = body.condition ?? {};
    await this.assertMay(auth, body.kind);
    const file = await this.file(auth, body.kind, condition, body.format, locale);
    return reportLink(
      this.d.tickets,
      auth,
      { kind: body.kind, format: body.format, condition, locale },
      { origin, path: REPORT_FILE_PATH, filename: file.filename },
    );
  }

  /** The file of a link: its session, then the permissions and conditions again (platform/report-links). */
  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    await this.assertMay(auth, ticket.kind);
    return this.file(auth, ticket.kind, ticket.condition, ticket.format, ticket.locale);
  }

  private async assertMay(auth: AuthContext, kind: ReportKind): Promise<void> {
    if (isMainAccount(auth.user)) return;
    const perms = await permissionsOf(this.d.db, auth.user);
    if (!perms.includes(PERMISSIONS.Report) || !perms.includes(PERMISSIONS[REPORT_VIEW_PERMISSION[kind]]))
      throw new AppError(RCODE.FORBIDDEN);
  }

  /** The file of a kind, its conditions parsed and checked as the screen's call would (nothing read yet). */
  private async file(
    auth: AuthContext,
    kind: ReportKind,
    raw: Record<string, unknown>,
    format: ReportFormat,
    locale: Locale,
  ): Promise<ReportFile> {
    const report = REPORTS[kind];
    const rows = await report.open(this.d, auth, raw, locale);
    const d = (ms: number) => {
      const z = zonedDate(ms, rows.timeZone);
      return `${z.year}${String(z.month).padStart(2, '0')}${String(z.day).padStart(2, '0')}`;
    };
    const { start, end } = rows.range;
    // The abnormal bills of any day start at 0: the file is named by its end alone.
    const days = start > 0 ? `${d(start)}-${d(end - 1)}` : d(end - 1);
    const title = reportTitle(kind, locale);
    // Cost and profit columns only for those who see them: the rows carry every column, the file drops those.
    const shown = report.columns.map(([, , only]) => !only?.profit || rows.seesProfit);
    const visible = (cells: Cell[]) => cells.filter((_, i) => shown[i]);
    return {
      filename: `${title}_${days}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: async (out) => {
        const table = openTable(format, out, title, columns(locale, report.columns, rows.seesProfit));
        for await (const page of rows.pages()) {
          for (const cells of page) table.row(visible(cells));
          // Between pages: let the client take what was written before reading more.
          await table.drain();
        }
        table.row(visible(rows.total()), true);
        await table.end();
      },
    };
  }
}
