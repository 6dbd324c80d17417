import * as api from '@vendo/contract/api/api-keys';
import type { CallRegistrar } from '../../platform/route';
import { auditOrigin } from '../audit/audit-log';
import type { ApiKeyService } from './api-key-service';

/** The calls of /apiKeys: one line each (main account only, declared in the contract). */
export function apiKeyRoutes(r: CallRegistrar, keys: ApiKeyService): void {
  r.session(api.getApiKeys, ({ auth }) => keys.list(auth));
  r.session(api.addApiKey, (ctx) => keys.create(ctx.auth, ctx.body, auditOrigin(ctx)));
  r.session(api.revokeApiKey, (ctx) => keys.revoke(ctx.auth, ctx.body, auditOrigin(ctx)));
}
