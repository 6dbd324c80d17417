import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/audit';
import type { AuditActorKind, AuditKind } from '@vendo/contract/api/audit';
import type { CallResult } from '@vendo/contract/api/call';
import { earliestAllowedStart, nextPeriodStart, startOfPeriod } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import type { AuditChange } from './audit-log';
import type { AuditFilter, AuditRepository } from './audit-repository';
import type { AuditLogRow } from './audit-tables';

type Conditions = z.output<(typeof api.getAuditLog)['request']>['condition'];

/**
 * The machines' check of a list filtered by a machine (MachineShelves.checkFilterMachine, wired in app.ts: the
 * audit module uses no other module): a machine never the merchant's answers DEVICE_NOT_FOUND.
 */
export interface FilterMachines {
  checkFilterMachine(scope: Scope, sn: string): Promise<void>;
}

export interface AuditServiceDeps {
  db: Kysely<Database>;
  repo: AuditRepository;
  /** The platform's zone, for merchants without their own. */
  timeZone: string;
  /** Entries older than this many days are deleted by the retention job. */
  retentionDays: number;
  clock: () => number;
  machines: FilterMachines;
}

/**
 * Reading the audit log (/auditLog, main account only: the route refuses staff) and its retention. Writing is the
 * port's (audit-log.ts), in the transactions of the actions.
 */
export class AuditService {
  constructor(private readonly d: AuditServiceDeps) {}

  async list(
    auth: AuthContext,
    body: z.output<(typeof api.getAuditLog)['request']>,
  ): Promise<CallResult<typeof api.getAuditLog>> {
    const filter = await this.checkedFilter(auth, body.condition);
    const [rows, count] = await Promise.all([this.d.repo.list(filter, body), this.d.repo.count(filter)]);
    return { data: rows.map(entryOf), count, range: { start_time: filter.start, end_time: filter.end } };
  }

  async detail(auth: AuthContext, id: number): Promise<CallResult<typeof api.getAuditEntry>> {
    const row = await this.d.repo.find(auth.merchant.id, id);
    if (!row) throw new AppError(RCODE.NOT_FOUND);
    return { data: { ...entryOf(row), changes: changesOf(row) } };
  }

  /** Deletes what is past retention; the job runs it daily. */
  async prune(): Promise<number> {
    return this.d.repo.deleteOlderThan(this.d.clock() - this.d.retentionDays * 86_400_000);
  }

  zoneOf(auth: AuthContext): string {
    return auth.merchant.time_zone || this.d.timeZone;
  }

  /**
   * The conditions checked as every list checks its filters: the range, and a machine (condition.sn) the merchant
   * never had refused with DEVICE_NOT_FOUND instead of an empty list (one it unbound keeps its entries).
   */
  async checkedFilter(auth: AuthContext, c: Conditions): Promise<AuditFilter> {
    const filter = this.filter(auth, c);
    if (filter.sn !== undefined) {
      await this.d.machines.checkFilterMachine(await scopeOf(this.d.db, auth), filter.sn);
    }
    return filter;
  }

  /** The conditions with the shared picker's range rule (as the bill lists: end exclusive, end − 1 its last ms). */
  filter(auth: AuthContext, c: Conditions): AuditFilter {
    const now = this.d.clock();
    const zone = this.zoneOf(auth);
    const start = c.start_time ?? startOfPeriod('day', now, zone);
    const end = c.end_time ?? nextPeriodStart('day', now, zone);
    if (end <= start) throw AppError.invalid('condition.end_time', 'rangeEndBeforeStart');
    if (start < earliestAllowedStart(end - 1, now)) {
      throw AppError.invalid('condition.start_time', 'rangeStartTooEarly');
    }
    return {
      merchantId: auth.merchant.id,
      start,
      end,
      ...(c.actor !== undefined ? { actorId: c.actor } : {}),
      ...(c.kind !== undefined ? { kind: c.kind } : {}),
      ...(c.sn ? { sn: c.sn } : {}),
    };
  }
}

export function entryOf(row: AuditLogRow): CallResult<typeof api.getAuditLog>['data'][number] {
  return {
    id: Number(row.id),
    at: Number(row.at),
    actor_kind: row.actor_kind as AuditActorKind,
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    actor_name: row.actor_name,
    ip: row.ip,
    user_agent: row.user_agent,
    call: row.call,
    kind: row.kind as AuditKind,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_name: row.target_name,
    sn: row.machine_sn,
  };
}

export function changesOf(row: AuditLogRow): AuditChange[] {
  try {
    const parsed: unknown = JSON.parse(row.changes);
    return Array.isArray(parsed) ? (parsed as AuditChange[]) : [];
  } catch {
    return [];
  }
}
