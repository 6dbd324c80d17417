import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AuditLog } from '../audit/audit-log';
import { ApiKeyAuth } from './api-key-auth';
import { ApiKeyService } from './api-key-service';

export interface ApiKeysModule {
  /** The calls of /apiKeys. */
  keys: ApiKeyService;
  /** What the Authenticator resolves an `X-Api-Key` header with. */
  auth: ApiKeyAuth;
}

/** API keys (decision 047): built before the Authenticator, which takes `auth` as its key resolver. */
export function createApiKeys(deps: {
  db: Kysely<Database>;
  limiter: RateLimiter;
  audit: AuditLog;
  clock: () => number;
}): ApiKeysModule {
  return { keys: new ApiKeyService(deps), auth: new ApiKeyAuth(deps) };
}
