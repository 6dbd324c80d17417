import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { spawnWorker } from '../platform/spawn-worker';

export interface CheckpointerData {
  file: string;
  intervalMs: number;
}

export type ToCheckpointer = { kind: 'close' };

export type FromCheckpointer =
  | { kind: 'ready' }
  | { kind: 'closed' }
  /** A checkpoint of a log holding `log` frames, `checkpointed` of them now in the database file. */
  | { kind: 'checkpointed'; log: number; checkpointed: number }
  | { kind: 'failed'; message: string };

interface CheckpointerLog {
  error(obj: object, msg?: string): void;
}

/** Often enough that the log stays a few thousand pages at the highest ingest rates (docs/ingest.md). */
const INTERVAL_MS = 100;
/** After a thread that died, the next starts this much later: a broken start does not spin. */
const RESTART_AFTER_MS = 1_000;

/**
 * Checkpoints of a SQLite file's write-ahead log on a thread of their own (decision 063). SQLite checkpoints
 * by default in whichever connection commits past 1,000 pages of log, inside its commit: the ingest worker's
 * batches waited on copying the log and two fsyncs every few batches, and the server's thread (broker, HTTP)
 * when its own commit crossed the line. Started, it turns that off on the server's connection (the ingest
 * worker's turns it off in its own, IngestWorker's `autoCheckpoint: false`) and checkpoints PASSIVE every
 * INTERVAL_MS. A thread that dies is started again; the log only grows meanwhile (nothing is lost: a WAL
 * database reads through its log).
 */
export class WalCheckpointer {
  private worker: Worker | null = null;
  private closing: Promise<void> | null = null;
  private restart: NodeJS.Timeout | null = null;
  /** The latest checkpoint that found a log (tests). */
  last: { log: number; checkpointed: number } | null = null;

  constructor(
    private readonly o: {
      file: string;
      /** The server's own connection to the file. */
      connection: SQLite.Database;
      log: CheckpointerLog;
      intervalMs?: number;
    },
  ) {}

  start(): this {
    this.o.connection.pragma('wal_autocheckpoint = 0');
    this.spawn();
    return this;
  }

  /** Stops the thread after a last checkpoint; the server's connection checkpoints again by itself. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private spawn(): void {
    const data: CheckpointerData = { file: this.o.file, intervalMs: this.o.intervalMs ?? INTERVAL_MS };
    const worker = spawnWorker(import.meta.url, 'wal-checkpoint-worker', data);
    this.worker = worker;
    worker.on('message', (message: FromCheckpointer) => {
      if (message.kind === 'checkpointed')
        this.last = { log: message.log, checkpointed: message.checkpointed };
      else if (message.kind === 'failed') this.o.log.error({ err: message.message }, 'WAL checkpoint failed');
    });
    worker.on('error', (error) => this.o.log.error({ err: error }, 'WAL checkpointer failed'));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (this.closing) return;
      this.restart = setTimeout(() => {
        this.restart = null;
        if (!this.closing) this.spawn();
      }, RESTART_AFTER_MS);
      this.restart.unref();
    });
  }

  private async stop(): Promise<void> {
    if (this.restart) clearTimeout(this.restart);
    const worker = this.worker;
    if (worker) {
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        const close: ToCheckpointer = { kind: 'close' };
        worker.postMessage(close);
      });
    }
    if (this.o.connection.open) this.o.connection.pragma('wal_autocheckpoint = 1000');
  }
}
