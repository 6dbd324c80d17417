import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/*
 * What a load balancer or a process manager asks (decision 042). `GET /p/v1/health` is liveness: the process
 * answers, nothing else is touched. `GET /p/v1/ready` is readiness: the database answers `select 1` within
 * READY_DB_TIMEOUT_MS and the machine link is up (the embedded broker open, or the external broker's client
 * connected), and the process is not shutting down. Plain JSON, not the call envelope: a probe reads the status.
 * The contract's `POST /p/v1/health` stays the app's own call.
 */

/** How long readiness waits for the database's `select 1`. */
export const READY_DB_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; mqtt: CheckResult; process: CheckResult };
}

export interface ReadinessSources {
  db: Kysely<Database>;
  /** Whether the device gateway holds a live broker link (false before main.ts starts it and after it stops). */
  mqttUp: () => boolean;
  /** Whether the process is shutting down (main.ts's graceful shutdown sets it first). */
  closing: () => boolean;
  dbTimeoutMs?: number;
}

/** Checks what readiness depends on; never throws. */
export async function checkReadiness(s: ReadinessSources): Promise<Readiness> {
  const database = await checkDatabase(s.db, s.dbTimeoutMs ?? READY_DB_TIMEOUT_MS);
  const mqtt = s.mqttUp() ? 'ok' : 'down: the machine link (MQTT broker) is not up';
  const process = s.closing() ? 'shutting down' : 'ok';
  return {
    ready: database === 'ok' && mqtt === 'ok' && process === 'ok',
    checks: { database, mqtt, process },
  };
}

async function checkDatabase(db: Kysely<Database>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`failed: no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => 'ok',
    (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200),
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/p/v1/health', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/p/v1/ready', async (_request, reply) => {
    const { ready, checks } = await checkReadiness(sources);
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
