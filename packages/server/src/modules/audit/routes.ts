import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/audit';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import { AUDIT_FILE_PATH } from './audit-report';
import type { AuditModule } from './audit-module';

/** /auditLog's calls and its file (main account only: the calls say mainOnly, the file checks again). */
export function auditRoutes(
  r: CallRegistrar,
  app: FastifyInstance,
  m: AuditModule,
  publicUrl: string | undefined,
): void {
  r.session(api.getAuditLog, ({ auth, body }) => m.service.list(auth, body));
  r.session(api.getAuditEntry, ({ auth, body }) => m.service.detail(auth, body.id));
  r.session(api.auditReport, ({ auth, body, locale, request }) =>
    m.report.request(auth, body, locale, publicOrigin(publicUrl, request)),
  );
  reportFileRoute(app, AUDIT_FILE_PATH, (ticket, headers) => m.report.open(ticket, headers));
}
