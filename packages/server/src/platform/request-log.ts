import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RCODE } from '@vendo/contract/rcodes';

/*
 * One line per request, replacing Fastify's own pair of lines (decision 042): at debug level for every request,
 * and at warn/error for the ones an operator must see — slow ones and failed ones — whatever the level. The line
 * names the request id, the caller (merchant, user, staff or not; never the token), the path without its query
 * (signed links carry a sign there), the HTTP status, the envelope's rcode and the duration.
 */

/** A request slower than this is logged at warn level. */
export const SLOW_REQUEST_MS = 500;

/** Refusals of who is calling: logged at warn level (a burst of them is someone guessing). */
const AUTH_REFUSALS: ReadonlySet<number> = new Set([
  RCODE.WRONG_CREDENTIALS,
  RCODE.TOO_MANY_ATTEMPTS,
  RCODE.FORBIDDEN,
  RCODE.SESSION_EXPIRED,
  RCODE.INVALID_CERT,
]);

/** Pino's level numbers: a request line below the logger's level is not even built. */
const LEVELS: Record<string, number | undefined> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** Who made a call, as the call's authentication found it. */
export interface Caller {
  merchant: number;
  user: number;
  staff: boolean;
}

const callers = new WeakMap<FastifyRequest, Caller>();
const rcodes = new WeakMap<FastifyRequest, number>();

/** Names the caller of a request for its log line (platform/route.ts, once the session is known). */
export function noteCaller(request: FastifyRequest, caller: Caller): void {
  callers.set(request, caller);
}

/**
 * Log paths that never reach a log line, whatever object a log call is handed: passwords, operation passwords and
 * their signs, session tokens and secrets (bodies and headers), card numbers, ID numbers and holders' phones
 * (decision 031). Each key one and two levels deep (`*.key`, `*.*.key`: `req.headers.token`, `body.password`).
 */
const SECRET_KEYS = [
  'password',
  'confirm_password',
  'old_password',
  'oper_pwd',
  'confirm_oper_pwd',
  'old_oper_pwd',
  'new_oper_pwd',
  'sign',
  'signature',
  'token',
  'client_token',
  'secret',
  'authorization',
  'cookie',
  'acct_no',
  'acct_cert_no',
  'acct_mobile',
  'cardno',
  'telephone',
];
export const LOG_REDACT_PATHS = [
  'req.body',
  'body',
  ...SECRET_KEYS.flatMap((key) => [`*.${key}`, `*.*.${key}`]),
  // API keys (decision 047): a header name with dashes takes the bracket form.
  '*["x-api-key"]',
  '*.*["x-api-key"]',
];

/** Pino's redaction, for every logger the server makes. */
export const LOG_REDACT = { paths: LOG_REDACT_PATHS, censor: '[redacted]' };

/** Installs the request line; call it before any route is registered. */
export function requestLog(app: FastifyInstance): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    // Every call answers the envelope {rcode, msg, result}, rcode first: read it without parsing the body.
    if (typeof payload === 'string') {
      const match = /^\{"rcode":(-?\d+)/.exec(payload);
      if (match) rcodes.set(request, Number(match[1]));
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const rcode = rcodes.get(request);
    // 503 is an answer, not a fault: readiness while starting or shutting down, Fastify while closing.
    const failed = (status >= 500 && status !== 503) || rcode === RCODE.INTERNAL;
    const refused = (rcode !== undefined && AUTH_REFUSALS.has(rcode)) || status === 503;
    const slow = ms > SLOW_REQUEST_MS;
    const level = failed ? 'error' : refused || slow ? 'warn' : 'debug';
    if ((LEVELS[level] ?? 0) < (LEVELS[request.log.level] ?? 0)) return done();
    const caller = callers.get(request);
    request.log[level](
      {
        path: request.url.split('?', 1)[0],
        method: request.method,
        status,
        ...(rcode === undefined ? {} : { rcode }),
        ms,
        ...(caller ? { merchant: caller.merchant, user: caller.user, staff: caller.staff } : {}),
        ip: request.ip,
      },
      failed ? 'request failed' : refused ? 'request refused' : slow ? 'slow request' : 'request',
    );
    done();
  });
}
