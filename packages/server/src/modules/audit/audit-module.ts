import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Authenticator } from '../../platform/auth';
import { ReportTickets } from '../../platform/report-tickets';
import { AuditLog } from './audit-log';
import { AUDIT_REPORT, AuditReport } from './audit-report';
import { AuditRepository } from './audit-repository';
import { AuditService, type FilterMachines } from './audit-service';

export interface AuditModule {
  /** The port other modules record through (they may also build their own: it holds only the clock). */
  log: AuditLog;
  service: AuditService;
  report: AuditReport;
  /** The retention job (the only delete of audit_log). */
  jobs(): Array<{ name: string; everyMs: number; run: () => Promise<void> }>;
}

/** The audit log (issue 20, decision 046): a low-level module every other may record through. */
export function createAudit(deps: {
  db: Kysely<Database>;
  authenticator: Authenticator;
  platformSecret: string;
  timeZone: string;
  retentionDays: number;
  clock: () => number;
  machines: FilterMachines;
}): AuditModule {
  const repo = new AuditRepository(deps.db);
  const service = new AuditService({
    db: deps.db,
    repo,
    timeZone: deps.timeZone,
    retentionDays: deps.retentionDays,
    clock: deps.clock,
    machines: deps.machines,
  });
  const report = new AuditReport({
    service,
    repo,
    tickets: new ReportTickets(deps.platformSecret, deps.clock, 'audit-report-links', [AUDIT_REPORT]),
    authenticator: deps.authenticator,
  });
  return {
    log: new AuditLog(deps.clock),
    service,
    report,
    jobs: () => [
      { name: 'audit-retention', everyMs: 86_400_000, run: async () => void (await service.prune()) },
    ],
  };
}
