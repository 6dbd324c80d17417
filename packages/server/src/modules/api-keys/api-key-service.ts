import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult } from '@vendo/contract/api/call';
import type * as api from '@vendo/contract/api/api-keys';
import { API_KEY_PREFIX, API_KEYS_MAX } from '@vendo/contract/api/api-keys';
import { parsePermissions } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { sha256 } from '../../platform/crypto';
import type { AuditLog, AuditOrigin } from '../audit/audit-log';
import { ApiKeyRepository } from './api-key-repository';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

export interface ApiKeysDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  clock: () => number;
}

/** Characters of a key shown again in the list: the prefix and 8 of the random part. */
const SHOWN = API_KEY_PREFIX.length + 8;

/** A new key: the prefix and 32 random bytes (256 bits) in base64url. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * A merchant's API keys (decision 047): made, listed and revoked by the main account (the calls are mainOnly).
 * Only a key's SHA-256 is stored: the key is 256 random bits, so no guessing or table of common keys can reverse
 * a fast hash, and every call can check it without a slow hash's cost.
 */
export class ApiKeyService {
  private readonly repo: ApiKeyRepository;

  constructor(private readonly d: ApiKeysDeps) {
    this.repo = new ApiKeyRepository(d.db);
  }

  async list(auth: AuthContext): Promise<CallResult<typeof api.getApiKeys>> {
    const rows = await this.repo.list(auth.merchant.id);
    const stores = await this.repo.storesOf(rows.filter((r) => r.all_device !== 1).map((r) => r.id));
    const data = rows.map((r) => ({
      key_id: r.id,
      name: r.name,
      prefix: r.prefix,
      permissions: parsePermissions(r.permissions),
      all_device: r.all_device === 1 ? (1 as const) : (0 as const),
      store: r.all_device === 1 ? [] : (stores.get(r.id) ?? []),
      created_at: r.created_at,
      last_used_at: r.last_used_at,
      revoked_at: r.revoked_at,
    }));
    return { data, count: data.length };
  }

  /** Makes a key and answers it, the only time it is ever shown. */
  async create(
    auth: AuthContext,
    body: Body<typeof api.addApiKey>,
    origin: AuditOrigin,
  ): Promise<CallResult<typeof api.addApiKey>> {
    const merchantId = auth.merchant.id;
    const key = newApiKey();
    const prefix = key.slice(0, SHOWN);
    const storeIds = body.all_device === 1 ? [] : body.store;
    const id = await this.d.db.transaction().execute(async (trx) => {
      if ((await this.repo.countLive(trx, merchantId)) >= API_KEYS_MAX) {
        throw new AppError(RCODE.API_KEYS_MAX, { max: API_KEYS_MAX });
      }
      if ((await this.repo.countStores(trx, merchantId, storeIds)) !== storeIds.length) {
        throw new AppError(RCODE.API_KEY_STORE_UNKNOWN);
      }
      const keyId = await this.repo.insert(
        trx,
        {
          merchant_id: merchantId,
          name: body.name,
          prefix,
          key_hash: sha256(key),
          permissions: body.permissions.join(','),
          all_device: body.all_device,
          created_by: auth.user.id,
          created_at: this.d.clock(),
        },
        storeIds,
      );
      await this.d.audit.record(trx, {
        merchantId,
        origin,
        kind: 'api_key',
        action: 'create',
        target: { type: 'api_key', id: keyId, name: body.name },
        changes: [
          { field: 'permissions', before: null, after: body.permissions.join(',') },
          { field: 'stores', before: null, after: body.all_device === 1 ? 'all' : storeIds.join(',') },
        ],
      });
      return keyId;
    });
    return { key_id: id, key, prefix };
  }

  /** Revokes a key of the merchant at once (its next call is refused); a revoked key stays revoked. */
  async revoke(
    auth: AuthContext,
    body: Body<typeof api.revokeApiKey>,
    origin: AuditOrigin,
  ): Promise<CallResult<typeof api.revokeApiKey>> {
    return this.d.db.transaction().execute(async (trx) => {
      const row = await this.repo.find(trx, auth.merchant.id, body.key_id);
      if (!row) throw new AppError(RCODE.API_KEY_NOT_FOUND);
      if (row.revoked_at !== null) return { key_id: row.id, revoked_at: row.revoked_at };
      const now = this.d.clock();
      await this.repo.revoke(trx, row.id, now);
      await this.d.audit.record(trx, {
        merchantId: auth.merchant.id,
        origin,
        kind: 'api_key',
        action: 'revoke',
        target: { type: 'api_key', id: row.id, name: row.name },
      });
      return { key_id: row.id, revoked_at: now };
    });
  }
}
