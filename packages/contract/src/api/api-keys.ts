import { z } from 'zod';
import { defineCall, emptyBody, listResult, type Call } from './call';
import { storeRef, zBit, zId, zSwitch } from './fields';
import { zPermissionList } from './staff';
import { zName } from '../validation';

/*
 * API keys of the public API (issue 20, decision 047). A merchant's main account makes keys for its own systems
 * (server to server): each is named, holds a list of permission codes and all stores or a list of them, exactly
 * like a staff member's role and stores, and is shown once when made (only its SHA-256 is kept). A key is sent
 * in the `X-Api-Key` header instead of `token`/`secret`, and is then checked like that staff member would be.
 *
 * Which calls a key may make (`apiKeyMayCall`): every session call that declares a permission (the key must hold
 * it) and a few reading calls that declare none (API_KEY_OPEN_PATHS: stores, areas, what the caller holds...).
 * Main-account-only calls and the account's own calls (password, operation password, logout, user info...) refuse
 * keys with API_KEY_CALL_REFUSED. The operation password is not asked of a key: the key is the credential, and
 * the refund permission in its scope is the main account's explicit grant.
 */

/** The request header carrying a key (HTTP headers are case-insensitive; Node hands them over lower-cased). */
export const API_KEY_HEADER = 'x-api-key';
/** What every key starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vk_';
/** Live (not revoked) keys per merchant. */
export const API_KEYS_MAX = 20;
/** Calls per key per minute, counted across every server process (the database's rate events). */
export const API_KEY_RATE = { perMinute: 120 } as const;

/** Session calls that declare no permission and that a key may still make: reads of the merchant's places. */
export const API_KEY_OPEN_PATHS: readonly string[] = [
  '/api/v1/u/getAllStore',
  '/api/v1/u/getArea',
  '/api/v1/u/getStore',
  '/api/v1/a/getPermission',
  '/api/v1/d/devOnlineCount',
  '/api/v1/a/days',
  '/api/v1/a/hours',
];

/** Whether a key may make a call at all (its permission is checked after, as for staff). */
export function apiKeyMayCall(
  call: Pick<Call<z.ZodType, z.ZodType>, 'path' | 'auth' | 'perm' | 'mainOnly'>,
): boolean {
  if (call.auth !== 'session' || call.mainOnly) return false;
  return call.perm !== undefined || API_KEY_OPEN_PATHS.includes(call.path);
}

/**
 * Whether a call only reads (by its name: get…, is…, query…, export…). A key's use of any other call is recorded
 * in the audit log; a read is not, so a system polling the bills does not flood it. A reading call with another
 * name is recorded too: more entries, never fewer.
 */
export function isReadingCall(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /^(get|is|query|export)[A-Z]/.test(name);
}

const apiKey = z.object({
  key_id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the rest is never shown again). */
  prefix: z.string(),
  permissions: z.array(z.number().int()),
  /** 1: every store; 0: only `store`. */
  all_device: zBit,
  store: z.array(storeRef),
  created_at: z.number(),
  /** null: never used. Updated at most once a minute. */
  last_used_at: z.number().nullable(),
  /** null: live. */
  revoked_at: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

const main = { auth: 'session', mainOnly: true } as const;

/** The merchant's keys, live first, newest first; revoked ones stay listed with their time. */
export const getApiKeys = defineCall({
  path: '/api/v1/key/getApiKeys',
  ...main,
  request: emptyBody,
  response: listResult(apiKey),
});

/** Makes a key; `key` is in this answer only. */
export const addApiKey = defineCall({
  path: '/api/v1/key/addApiKey',
  ...main,
  request: z
    .object({
      name: zName,
      permissions: zPermissionList,
      all_device: zSwitch.default(1),
      store: z
        .array(zId, { error: 'invalidValue' })
        .max(999)
        .nullish()
        .transform((v) => [...new Set(v ?? [])]),
    })
    .superRefine((v, ctx) => {
      if (v.all_device === 0 && v.store.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'required', path: ['store'] });
      }
    }),
  response: z.object({ key_id: z.number().int(), key: z.string(), prefix: z.string() }),
});

/** Revokes a key at once; revoking a revoked key changes nothing. */
export const revokeApiKey = defineCall({
  path: '/api/v1/key/revokeApiKey',
  ...main,
  request: z.object({ key_id: zId }),
  response: z.object({ key_id: z.number().int(), revoked_at: z.number() }),
});
