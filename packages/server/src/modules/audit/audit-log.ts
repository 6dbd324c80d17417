/**
 * The audit log's port (issue 20, decision 046): what every module records its sensitive actions through.
 *
 *   await audit.record(trx, {
 *     merchantId, origin,                       // origin: who and from where (auditOrigin(ctx) in a route)
 *     kind: 'price', action: 'update',          // contract AUDIT_KINDS; the action is a short code
 *     target: { type: 'goods', id: '12', name: 'Cola' }, machineSn: 'SN1',  // optional
 *     changes: diffFields(before, after, ['price']),                          // optional
 *   });
 *
 * - Always inside the transaction of the action (`trx`), so an action that rolls back leaves no entry and one that
 *   commits always has its entry. The one exception is a refused login: the refusal is recorded in its own
 *   transaction by the caller, because the refusal itself throws.
 * - Entries are never updated; the retention job (`deleteOlderThan`) is the only delete.
 * - `record` masks as a last line of defence, whatever the caller passed: a field named like a secret
 *   (password, pwd, secret, token, key...) keeps only "changed", a field named like a card, account or ID number
 *   keeps only its last 4 characters. Callers should still pass only the fields that changed.
 * - Texts are cut to their columns, so a long user agent or name never fails the action it records.
 *
 * The API is stable: additions only (other modules and the API keys call it).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditActorKind, AuditKind } from '@vendo/contract/api/audit';
import type { Database } from '../../db/database';
import { apiKeyOf, isMainAccount, type AuthContext } from '../../platform/auth';
import { requestOriginOf } from '../../platform/request-origin';

/** Who acted. `id` is the user's or API key's id (null for the platform); `name` as shown at that time. */
export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  name: string;
}

/** Who acted and from where: built once per request (`auditOrigin`) and handed to the services. */
export interface AuditOrigin {
  actor: AuditActor;
  ip: string;
  userAgent: string;
  /** The call's path, or `job:<name>` / `admin:<command>` for the platform's own actions. */
  call: string;
}

export interface AuditTarget {
  /** machine | order | user | role | goods | shelf | bank_card | split_config | settlement | app | api_key ... */
  type: string;
  id: string | number;
  name?: string;
}

export type AuditValue = string | number | boolean | null;

export interface AuditChange {
  field: string;
  before: AuditValue;
  after: AuditValue;
}

export interface AuditEntry {
  merchantId: number;
  origin: AuditOrigin;
  kind: AuditKind;
  action: string;
  target?: AuditTarget;
  /** The machine concerned (the screen filters by it). */
  machineSn?: string;
  changes?: AuditChange[];
}

/** The port. `record` never reads; the audit module's own service reads the table. */
export class AuditLog {
  constructor(private readonly clock: () => number) {}

  async record(trx: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
    const { origin, target } = entry;
    await trx
      .insertInto('audit_log')
      .values({
        merchant_id: entry.merchantId,
        at: this.clock(),
        actor_kind: origin.actor.kind,
        actor_id: origin.actor.id,
        actor_name: cut(origin.actor.name, 100),
        ip: cut(origin.ip, 64),
        user_agent: cut(origin.userAgent, 500),
        call: cut(origin.call, 200),
        kind: entry.kind,
        action: cut(entry.action, 48),
        target_type: cut(target?.type ?? '', 32),
        target_id: cut(String(target?.id ?? ''), 64),
        target_name: cut(target?.name ?? '', 100),
        machine_sn: cut(entry.machineSn ?? '', 64),
        changes: JSON.stringify((entry.changes ?? []).map(masked)),
      })
      .execute();
  }
}

/** The origin of a session call: the main account or staff member, the caller's address and user agent. */
export function auditOrigin(ctx: {
  auth: AuthContext;
  ip: string;
  userAgent: string;
  request: { url: string };
}): AuditOrigin {
  return {
    actor: actorOf(ctx.auth),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    call: ctx.request.url.split('?')[0] ?? '',
  };
}

/**
 * The origin of the session call an AuthContext belongs to: CallRegistrar notes the address, user agent and call
 * beside the AuthContext (platform/request-origin.ts), so a service needs only the `auth` it already has.
 */
export function originOf(auth: Pick<AuthContext, 'user'>): AuditOrigin {
  const request = requestOriginOf(auth as AuthContext);
  return { actor: actorOf(auth), ...request };
}

export function actorOf(auth: Pick<AuthContext, 'user'>): AuditActor {
  const { user } = auth;
  // A call made with an API key (decision 047) is the key's, not the main account's it stands in for.
  const key = apiKeyOf(user);
  if (key) return { kind: 'api_key', id: key.id, name: key.name };
  return {
    kind: isMainAccount(user) ? 'account' : 'staff',
    id: user.id,
    name: user.nickname ? `${user.nickname} (${user.username})` : user.username,
  };
}

/** The platform acting on its own (a job, `vendo admin`). */
export function platformOrigin(call: string): AuditOrigin {
  return { actor: { kind: 'platform', id: null, name: 'platform' }, ip: '', userAgent: '', call };
}

/**
 * The changes between two records for the named fields (all of `after`'s when none are named): only the fields
 * whose values differ. Missing values are null (a created thing has no before, a removed one no after).
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): AuditChange[] {
  const names = fields ?? Object.keys(after ?? before ?? {});
  const changes: AuditChange[] = [];
  for (const field of names) {
    const b = asValue(before?.[field]);
    const a = asValue(after?.[field]);
    if (b !== a) changes.push({ field, before: b, after: a });
  }
  return changes;
}

const SECRET_FIELD = /pass|pwd|secret|token|hash|(^|_)key($|_)/i;
const NUMBER_FIELD = /card_?no|bank_?no|acct_?no|account_?no|id_?(card|no|number)|cardno/i;

/** A change with secrets reduced to "changed" and card, account and ID numbers to their last 4. */
export function masked(change: AuditChange): AuditChange {
  if (SECRET_FIELD.test(change.field)) {
    return {
      field: change.field,
      before: change.before === null ? null : '***',
      after: change.after === null ? null : '***',
    };
  }
  if (NUMBER_FIELD.test(change.field)) {
    return { field: change.field, before: lastFour(change.before), after: lastFour(change.after) };
  }
  return change;
}

export function lastFour(value: AuditValue): AuditValue {
  if (value === null || value === '') return value;
  const text = String(value);
  return text.length <= 4 ? '****' : `****${text.slice(-4)}`;
}

function asValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}
