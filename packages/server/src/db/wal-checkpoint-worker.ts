/**
 * The WAL checkpointer's thread (decision 063): its own connection to the server's SQLite file copies the
 * committed pages of the write-ahead log into the database file, PASSIVE (it never waits for a writer, and no
 * writer waits for it), every `intervalMs`. Started by WalCheckpointer (wal-checkpointer.ts); built to
 * dist/wal-checkpoint-worker.js beside the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointerData, FromCheckpointer, ToCheckpointer } from './wal-checkpointer';

const port = parentPort;
if (!port) throw new Error('wal-checkpoint-worker.ts runs as a worker thread (WalCheckpointer starts it)');
const data = workerData as CheckpointerData;
const post = (message: FromCheckpointer) => port.postMessage(message);

const database = new SQLite(data.file);
database.pragma('busy_timeout = 5000');
// A checkpoint syncs the log before copying it and the database file after, as the writers' FULL asks.
database.pragma('synchronous = FULL');
database.pragma('wal_autocheckpoint = 0');

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(): void {
  try {
    const [row] = database.pragma('wal_checkpoint(PASSIVE)') as CheckpointRow[];
    if (row && row.log > 0) post({ kind: 'checkpointed', log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

const timer = setInterval(checkpoint, data.intervalMs);

port.on('message', (message: ToCheckpointer) => {
  if (message.kind !== 'close') return;
  clearInterval(timer);
  checkpoint();
  database.close();
  post({ kind: 'closed' });
  port.close();
});
post({ kind: 'ready' });
