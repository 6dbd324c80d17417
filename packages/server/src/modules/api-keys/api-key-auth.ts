import type { Kysely } from 'kysely';
import { API_KEY_RATE } from '@vendo/contract/api/api-keys';
import { parsePermissions } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import {
  apiKeyOf,
  type ApiKeyGrant,
  type ApiKeyResolver,
  type ApiKeyUser,
  type AuthContext,
} from '../../platform/auth';
import { sha256 } from '../../platform/crypto';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AuditLog } from '../audit/audit-log';
import { ApiKeyRepository } from './api-key-repository';

const MINUTE = 60_000;

/**
 * The caller of an `X-Api-Key` header (decision 047): the key's merchant's main account made staff-like, holding
 * the key's permission codes and stores; refused with API_KEY_INVALID when unknown or revoked, and with
 * TOO_MANY_ATTEMPTS past API_KEY_RATE calls a minute (counted in the database, so across every server process).
 */
export class ApiKeyAuth implements ApiKeyResolver {
  private readonly repo: ApiKeyRepository;

  constructor(
    private readonly d: {
      db: Kysely<Database>;
      limiter: RateLimiter;
      audit: AuditLog;
      clock: () => number;
    },
  ) {
    this.repo = new ApiKeyRepository(d.db);
  }

  async authenticate(key: string): Promise<AuthContext> {
    const row = await this.repo.findByHash(sha256(key));
    if (!row || row.revoked_at !== null) throw new AppError(RCODE.API_KEY_INVALID);
    await this.d.limiter.reserve([
      { bucket: `apikey:${row.id}`, windowMs: MINUTE, limit: API_KEY_RATE.perMinute },
    ]);
    const owner = await this.repo.owner(row.merchant_id);
    if (!owner) throw new AppError(RCODE.API_KEY_INVALID);
    const now = this.d.clock();
    await this.repo.touch(row.id, now, now - MINUTE);
    const grant: ApiKeyGrant = {
      id: row.id,
      name: row.name,
      permissions: parsePermissions(row.permissions),
      storeIds: row.all_device === 1 ? null : await this.repo.storeIdsOf(row.id),
    };
    const user: ApiKeyUser = {
      ...owner.user,
      // Checked as staff would be: not main, no role (the grant holds the codes), no operation password.
      is_main: 0,
      role_id: null,
      all_device: grant.storeIds === null ? 1 : 0,
      goods_own_only: 0,
      bank_own_only: 0,
      is_oper_pwd: 0,
      oper_pwd_hash: null,
      password_hash: '',
      nickname: row.name,
      username: `api-key:${row.prefix}`,
      api_key: grant,
    };
    return {
      user,
      merchant: owner.merchant,
      sessionId: 0,
      loginType: 'common',
      expiresAt: now + MINUTE,
      operSignHash: null,
      operExpiresAt: null,
      passportId: null,
    };
  }

  /** One audit entry per use of a changing call, after it succeeded, naming the key and the call. */
  async recordUse(auth: AuthContext, origin: { ip: string; userAgent: string; call: string }): Promise<void> {
    const grant = apiKeyOf(auth.user);
    if (!grant) return;
    await this.d.db.transaction().execute((trx) =>
      this.d.audit.record(trx, {
        merchantId: auth.merchant.id,
        origin: { actor: { kind: 'api_key', id: grant.id, name: grant.name }, ...origin },
        kind: 'api_key',
        action: 'use',
        target: { type: 'api_key', id: grant.id, name: grant.name },
      }),
    );
  }
}
