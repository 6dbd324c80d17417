/*
 * Whether an error means the database could not be reached or could not take the work right now (decision 044),
 * as opposed to a fault in our own code. The caller is then told DATABASE_UNAVAILABLE (HTTP 503, "try again
 * shortly") instead of the generic 500. What the call wrote went with its transaction (PostgreSQL rolls back the
 * transaction of a connection that broke), unless the connection broke while its COMMIT was under way: then it
 * may have committed, as with any lost answer; the calls that must not run twice carry their idempotency keys.
 */

/** Socket errors of a connection to the database that broke or could not be opened. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (the server shutting down or not taking
 * connections yet), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** What node-pg throws when the socket of a connection in use closed, or a connection attempt took too long. */
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || isUnavailableSqlState(code)) return true;
    // SQLite: another process held the write lock past busy_timeout.
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
    const message = e instanceof Error ? e.message : '';
    if (PG_MESSAGES.some((m) => message.startsWith(m))) return true;
    // AggregateError (a connect to several addresses all refused) and wrapped causes.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/** A logger's two levels a background fault is written at. */
export interface FaultLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Writes a background fault (a job, a machine event batch): an unreachable database is an outage the readiness
 * check already reports, so one warn line with its cause and no stack, instead of an error with a stack for every
 * tick and batch while it lasts; anything else is an error with its stack.
 */
export function logFault(log: FaultLog, error: unknown, fields: object, msg: string): void {
  if (isDatabaseUnavailable(error)) {
    log.warn(
      { ...fields, cause: error instanceof Error ? error.message : String(error) },
      `${msg}: database unavailable`,
    );
  } else {
    log.error({ ...fields, err: error }, msg);
  }
}
