import { PassThrough, type Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from './app-error';
import type { AuthContext, Authenticator } from './auth';
import { ClientGone } from './report-file';
import type { ReportTicket, ReportTickets } from './report-tickets';

/** A file ready to stream: its name and type, and the writer that reads and writes it. */
export interface ReportFile {
  filename: string;
  contentType: string;
  write(out: Writable): Promise<void>;
}

/** The answer to a report call: the signed link to its file, the file's name and when the link expires. */
export interface ReportLink {
  url: string;
  filename: string;
  expires_at: number;
}

/**
 * Signs the ticket of a report for the caller's session and makes its link: `${origin}${path}?ticket=…`. The
 * condition is what the file route will check again when the link is opened.
 */
export function reportLink<K extends string>(
  tickets: ReportTickets<K>,
  auth: AuthContext,
  what: Pick<ReportTicket<K>, 'kind' | 'format' | 'condition' | 'locale'>,
  link: { origin: string; path: string; filename: string },
): ReportLink {
  const { token, expires } = tickets.sign({ session: auth.sessionId, user: auth.user.id, ...what });
  return { url: `${link.origin}${link.path}?ticket=${token}`, filename: link.filename, expires_at: expires };
}

/**
 * The ticket of a download link and the session of who asked. Headers are optional (a browser opening the link
 * sends none); when a session comes with them it must be the one of the user who asked. The caller then checks
 * the permissions and the conditions again, as when the link was asked for.
 */
export async function resumeReportLink<K extends string>(
  tickets: ReportTickets<K>,
  authenticator: Authenticator,
  token: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ ticket: ReportTicket<K>; auth: AuthContext }> {
  const ticket = tickets.verify(token);
  const auth = await authenticator.resume(ticket.session).catch((error: unknown) => {
    throw error instanceof AppError ? new AppError(RCODE.REPORT_LINK_INVALID) : error;
  });
  if (auth.user.id !== ticket.user) throw new AppError(RCODE.REPORT_LINK_INVALID);
  if (headers['token'] || headers['secret']) {
    const caller = await authenticator.authenticate(headers);
    if (caller.user.id !== ticket.user) throw new AppError(RCODE.FORBIDDEN);
  }
  return { ticket, auth };
}

/**
 * The file behind a download link: a GET the in-app browser opens without headers (the ticket in the query: a
 * path parameter is limited to 100 characters). Refusals answer the envelope like any call; once the file
 * starts, its rows stream as they are read.
 */
export function reportFileRoute(
  app: FastifyInstance,
  path: string,
  open: (ticket: string, headers: Record<string, string | string[] | undefined>) => Promise<ReportFile>,
): void {
  app.get<{ Querystring: { ticket?: string } }>(path, async (request, reply) => {
    const ticket = request.query.ticket;
    if (typeof ticket !== 'string' || !ticket) throw new AppError(RCODE.REPORT_LINK_INVALID);
    const file = await open(ticket, request.headers);
    const out = new PassThrough();
    file.write(out).catch((error: unknown) => {
      if (error instanceof ClientGone) {
        request.log.info('report download closed by the client');
        return;
      }
      request.log.error({ err: error }, 'report file failed');
      // Cut the response short, so the browser reports a failed download instead of saving half a file.
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type(file.contentType)
      .send(out);
  });
}
