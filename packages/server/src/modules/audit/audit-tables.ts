import type { Generated, Selectable } from 'kysely';

/** The audit log (migration 0023, decision 046). */
export interface AuditTables {
  audit_log: AuditLogTable;
}

/** One sensitive action. Inserted in the action's transaction, never updated; deleted only past retention. */
export interface AuditLogTable {
  id: Generated<number>;
  merchant_id: number;
  at: number;
  /** account | staff | api_key | platform (contract AUDIT_ACTOR_KINDS). */
  actor_kind: string;
  /** The user's or the API key's id; null for the platform. */
  actor_id: number | null;
  /** The actor's name when it acted (a later rename does not rewrite history). */
  actor_name: string;
  ip: string;
  user_agent: string;
  /** The call's path (`/u/login`), or a name for the platform's own actions (`job:settlement`). */
  call: string;
  /** Contract AUDIT_KINDS: what the screen filters by. */
  kind: string;
  /** The finer action within the kind (`login_failed`, `unbind`, `create`...). */
  action: string;
  /** machine | order | user | role | bank_card | split_config | settlement | app | api_key | shelf | goods ... */
  target_type: string;
  target_id: string;
  target_name: string;
  /** The machine concerned, if any (the screen's machine filter). */
  machine_sn: string;
  /** JSON array of {field, before, after}, secrets and card numbers already masked. */
  changes: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;
