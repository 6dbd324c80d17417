import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle';

/** What a graceful shutdown closes, in order (decision 042). */
export interface ShutdownPieces {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  db: { destroy(): Promise<void> };
  /** Stopped first: clients living in this process (the demo's simulated machines). */
  clients?: Array<{ stop(graceful?: boolean): Promise<void> }>;
  log: FastifyBaseLogger;
  /** The whole shutdown's bound. */
  timeoutMs: number;
}

export type ShutdownOutcome = 'clean' | 'timed out' | 'failed';

/**
 * Readiness turns 503; in-process clients stop; the app stops taking requests and waits for the calls in flight
 * (idle keep-alive connections are closed as they go idle, else one would hold the port for its keep-alive
 * timeout); then the lifecycle's closers run (the machine link: events received are committed and acknowledged,
 * reports written, the broker closed), then the modules (background work, jobs, order numbers), then the database.
 * Answers 'timed out' when that takes longer than timeoutMs (the caller exits non-zero).
 */
export async function gracefulShutdown(p: ShutdownPieces): Promise<ShutdownOutcome> {
  p.lifecycle.beginClosing();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), p.timeoutMs);
    timer.unref();
  });
  const work = (async (): Promise<ShutdownOutcome> => {
    for (const client of p.clients ?? []) await client.stop(true);
    const sweep = setInterval(() => p.app.server.closeIdleConnections(), 50);
    try {
      await p.app.close();
    } finally {
      clearInterval(sweep);
    }
    await p.db.destroy();
    return 'clean';
  })().catch((error: unknown) => {
    p.log.error({ err: error }, 'shutdown failed');
    return 'failed' as const;
  });
  try {
    const outcome = await Promise.race([work, bound]);
    p.log[outcome === 'clean' ? 'info' : 'error']({ outcome }, 'shut down');
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
