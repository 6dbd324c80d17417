import type { AuthContext } from './auth';

/** Where a session call came from: what the audit log records beside who acted (decision 046). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
  /** The call's path. */
  call: string;
}

/*
 * The origin travels with the caller's AuthContext, which every service already receives, so no service or route
 * signature changes for it. A WeakMap: it lives exactly as long as the request's AuthContext.
 */
const origins = new WeakMap<AuthContext, RequestOrigin>();

/** CallRegistrar notes it once the session is resolved. */
export function noteOrigin(auth: AuthContext, origin: RequestOrigin): void {
  origins.set(auth, origin);
}

/** The origin of the request an AuthContext belongs to; empty when it was made outside a request (tests, demo). */
export function requestOriginOf(auth: AuthContext): RequestOrigin {
  return origins.get(auth) ?? { ip: '', userAgent: '', call: '' };
}
