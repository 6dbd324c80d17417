import type { AuditEntry } from '@vendo/contract/api/audit';

/** The target as one line: its type and its name (or id). */
export function targetText(entry: Pick<AuditEntry, 'target_type' | 'target_id' | 'target_name'>): string {
  return [entry.target_type, entry.target_name || entry.target_id].filter(Boolean).join(' · ');
}
