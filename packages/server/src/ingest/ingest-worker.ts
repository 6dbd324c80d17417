/**
 * The ingest worker's thread (decision 055): machine events, presence and reports stored through its own SQLite
 * connection, so the server's thread keeps only MQTT and HTTP. Started by IngestWorker (ingest-client.ts);
 * built to dist/ingest-worker.js beside the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../db/create-db';
import type { MachineEventStore, MachineStateStore } from '../gateway/machine-ports';
import {
  toWire,
  type CallMessage,
  type FromWorker,
  type IngestWorkerData,
  type ToWorker,
} from './ingest-messages';
import { salePathOn } from './sale-path';

const port = parentPort;
if (!port) throw new Error('ingest-worker.ts runs as a worker thread (IngestWorker starts it)');
const data = workerData as IngestWorkerData;
const post = (message: FromWorker) => port.postMessage(message);

const db = await createDb({ sqliteFile: data.file });
let refundsDue = false;
const path = await salePathOn(db.kysely, {
  timeZone: data.timeZone,
  log: { error: (obj, msg) => post({ kind: 'log', level: 'error', obj: toWire(obj), msg: msg ?? '' }) },
  refundsDue: () => {
    refundsDue = true;
  },
});
const stores: MachineEventStore & MachineStateStore = {
  recordBatch: (batch, now) => path.events.recordBatch(batch, now),
  presence: (sn, message, now) => path.state.presence(sn, message, now),
  reports: (batch, now) => path.state.reports(batch, now),
  markAllOffline: (now) => path.state.markAllOffline(now),
  silent: (heardBefore, limit) => path.state.silent(heardBefore, limit),
  heard: (sn, now) => path.state.heard(sn, now),
  silentOffline: (sn, conn, heardBefore, now) => path.state.silentOffline(sn, conn, heardBefore, now),
};

const running = new Set<Promise<void>>();

async function call(message: CallMessage): Promise<void> {
  try {
    const method = stores[message.method] as (...args: unknown[]) => Promise<unknown>;
    const value = await method(...message.args);
    const due = refundsDue;
    refundsDue = false;
    post({ kind: 'reply', id: message.id, ok: true, value: wireValue(value), refundsDue: due });
  } catch (error) {
    post({ kind: 'reply', id: message.id, ok: false, error: toWire(error) });
  }
}

/** A failed event's error crosses the thread as a WireError (RecordResult's `error` is unknown). */
function wireValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) =>
    item && typeof item === 'object' && 'outcome' in item && item.outcome === 'failed' && 'error' in item
      ? { outcome: 'failed', error: toWire(item.error) }
      : item,
  );
}

async function close(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
  await path.numbers.close();
  await db.destroy();
  post({ kind: 'closed' });
  port?.close();
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'close') {
    void close();
    return;
  }
  const task = call(message);
  running.add(task);
  void task.finally(() => running.delete(task));
});
post({ kind: 'ready' });
