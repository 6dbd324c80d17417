import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '@vendo/contract/api/account';
import { auditReport, getAuditEntry, getAuditLog, type AuditKind } from '@vendo/contract/api/audit';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { callQuery, listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';

/** Entries shown a page at a time. */
export const AUDIT_PAGE_SIZE = 10;

/** The screen's conditions: the picker's range (end inclusive), who, kind and machine. */
export interface AuditFilters {
  range: TimeRange;
  actor: number | null;
  kind: AuditKind | null;
  sn: string;
}

/** The call's condition: the server's end is exclusive, the picker's inclusive. */
export function auditCondition(f: AuditFilters) {
  return {
    start_time: f.range.start,
    end_time: f.range.end + 1,
    ...(f.actor !== null ? { actor: f.actor } : {}),
    ...(f.kind !== null ? { kind: f.kind } : {}),
    ...(f.sn ? { sn: f.sn } : {}),
  };
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    ...listQuery(getAuditLog, { ...pageRequest(page, AUDIT_PAGE_SIZE), condition: auditCondition(filters) }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEntry(id: number) {
  return useQuery(listQuery(getAuditEntry, { id }));
}

/** The merchant's accounts (the main account and staff): the "who" filter. */
export function useAccounts() {
  return useQuery(callQuery(getUserList, {}));
}

/** A link streaming the entries of the filters as XLSX or CSV. */
export function auditReportLink(filters: AuditFilters, format: 'xlsx' | 'csv') {
  return callApi(auditReport, { condition: auditCondition(filters), format });
}
