import { Worker } from 'node:worker_threads';
import type { PresenceMessage, StatusReport } from '@vendo/contract/device-protocol';
import type {
  EventToRecord,
  GatewayLog,
  MachineEventStore,
  MachineStateStore,
  PresenceChange,
  RecordResult,
} from '../gateway/machine-ports';
import {
  fromWire,
  type CallArgs,
  type CallValue,
  type FromWorker,
  type IngestWorkerData,
  type StoreMethod,
  type ToWorker,
  type WireError,
} from './ingest-messages';

interface Call {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** After a worker died this soon after it started, the next waits this long: a broken start does not spin. */
const RESTART_BACKOFF_MS = 1_000;

/**
 * The machine stores (events, presence, reports) run by a worker thread on its own SQLite connection
 * (decision 055). better-sqlite3 is synchronous, so on the server's thread every commit of a batch of sales held
 * the event loop, and with it the embedded broker and the HTTP calls; here the gateway's thread only posts a
 * batch and gets its results. Two connections write one file, arbitrated by SQLite's write lock (busy_timeout).
 *
 * A worker that dies fails its calls in flight as failed commits (nothing of them acknowledged: machines send
 * again, and what the worker had committed answers `duplicate`), and the next call starts a new one.
 */
export class IngestWorker implements MachineEventStore, MachineStateStore {
  /**
   * The worker's one connection runs a batch's transaction to its commit before the next batch's (Kysely's
   * single connection, taken in turn), so the gateway may hand over the next batch while one commits.
   */
  readonly batchesAhead = 1;
  private worker: Worker | null = null;
  private readonly calls = new Map<number, Call>();
  private nextId = 1;
  private startedAt = 0;
  private closing: Promise<void> | null = null;
  private readonly refundListeners: Array<() => void> = [];

  constructor(
    private readonly o: {
      file: string;
      timeZone: string;
      log: GatewayLog;
      /** How long after its start a worker that died waits to be replaced (default RESTART_BACKOFF_MS). */
      restartBackoffMs?: number;
    },
  ) {}

  /** Called after a call whose sales reserved automatic refunds (the server sends them: RefundService.kick). */
  onRefundsDue(listener: () => void): void {
    this.refundListeners.push(listener);
  }

  recordBatch(events: readonly EventToRecord[], now: number): Promise<RecordResult[]> {
    if (events.length === 0) return Promise.resolve([]);
    return this.call('recordBatch', [events, now]).then((results) =>
      results.map((result) =>
        result.outcome === 'failed'
          ? { outcome: 'failed', error: fromWire(result.error as WireError) }
          : result,
      ),
    );
  }

  presence(sn: string, message: PresenceMessage, now: number): Promise<PresenceChange> {
    return this.call('presence', [sn, message, now]);
  }

  reports(batch: ReadonlyMap<string, StatusReport>, now: number): Promise<void> {
    return this.call('reports', [batch, now]);
  }

  markAllOffline(now: number): Promise<number> {
    return this.call('markAllOffline', [now]);
  }

  silent(heardBefore: number, limit: number): Promise<Array<{ sn: string; conn: string | null }>> {
    return this.call('silent', [heardBefore, limit]);
  }

  heard(sn: string, now: number): Promise<void> {
    return this.call('heard', [sn, now]);
  }

  silentOffline(sn: string, conn: string | null, heardBefore: number, now: number): Promise<boolean> {
    return this.call('silentOffline', [sn, conn, heardBefore, now]);
  }

  /** Lets the calls in flight finish, then closes the worker's connection and gives its number slot back. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /** The running worker's thread id (tests end it to see a crash handled); null when none runs. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  /** Ends the worker at once, as a crash would (tests). */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  private call<M extends StoreMethod>(method: M, args: CallArgs<M>): Promise<CallValue<M>> {
    if (this.closing) return Promise.reject(new Error('the ingest worker is closed'));
    const wait = this.startedAt + (this.o.restartBackoffMs ?? RESTART_BACKOFF_MS) - Date.now();
    if (!this.worker && wait > 0)
      return Promise.reject(new Error(`the ingest worker is restarting (in ${wait} ms)`));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<CallValue<M>>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const message: ToWorker = { kind: 'call', id, method, args };
      worker.postMessage(message);
    });
  }

  private start(): Worker {
    const data: IngestWorkerData = { file: this.o.file, timeZone: this.o.timeZone };
    const worker = spawnWorker(data);
    this.worker = worker;
    this.startedAt = Date.now();
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => {
      this.o.log.error({ err: error }, 'ingest worker failed');
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      // Whatever was in flight did not get its answer: for the gateway a failed commit (nothing acknowledged).
      const lost = [...this.calls.values()];
      this.calls.clear();
      for (const call of lost) call.reject(new Error(`the ingest worker stopped (exit code ${code})`));
    });
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.kind === 'log') {
      this.o.log[message.level](message.obj, message.msg);
      return;
    }
    if (message.kind !== 'reply') return;
    const call = this.calls.get(message.id);
    if (!call) return;
    this.calls.delete(message.id);
    if (!message.ok) {
      call.reject(fromWire(message.error));
      return;
    }
    if (message.refundsDue) for (const listener of this.refundListeners) listener();
    call.resolve(message.value);
  }

  private async shutDown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      const close: ToWorker = { kind: 'close' };
      worker.postMessage(close);
    });
  }
}

/**
 * The built server runs dist/ingest-worker.js beside dist/main.js; from the sources (tsx, vitest) the worker
 * registers tsx itself before importing ingest-worker.ts, since a worker thread does not inherit the loader.
 */
function spawnWorker(data: IngestWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./ingest-worker.js', here), { workerData: data });
  const entry = new URL('./ingest-worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}
