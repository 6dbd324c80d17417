import type { MachineEventStore, MachineStateStore } from '../gateway/machine-ports';

/** What the server asks the ingest worker: one method of the stores it keeps, with its arguments. */
export type StoreMethod = Exclude<keyof MachineEventStore, 'batchesAhead'> | keyof MachineStateStore;

type MethodOf<M extends StoreMethod> = M extends keyof MachineEventStore
  ? MachineEventStore[M]
  : M extends keyof MachineStateStore
    ? MachineStateStore[M]
    : never;

export type CallArgs<M extends StoreMethod> = Parameters<MethodOf<M>>;
export type CallValue<M extends StoreMethod> = Awaited<ReturnType<MethodOf<M>>>;

export interface CallMessage {
  kind: 'call';
  id: number;
  method: StoreMethod;
  args: unknown[];
}

/** Closes the worker's connection and order-number slot; it answers `closed` and ends. */
export interface CloseMessage {
  kind: 'close';
}

export type ToWorker = CallMessage | CloseMessage;

/** An error as it crosses the thread: structured clone keeps neither a subclass nor its own fields. */
export interface WireError {
  name: string;
  message: string;
  stack?: string | undefined;
  code?: string | undefined;
}

export type ReplyMessage =
  | {
      kind: 'reply';
      id: number;
      ok: true;
      value: unknown;
      /** A sale of this call reserved an automatic refund: the server sends pending refunds now. */
      refundsDue: boolean;
    }
  | { kind: 'reply'; id: number; ok: false; error: WireError };

export interface LogMessage {
  kind: 'log';
  level: 'error' | 'warn';
  obj: object;
  msg: string;
}

export type FromWorker = ReplyMessage | LogMessage | { kind: 'ready' } | { kind: 'closed' };

/** What the worker is started with (workerData). */
export interface IngestWorkerData {
  /** The SQLite file the server has open and migrated. */
  file: string;
  /** The server's TZ: the zone of order numbers' stamps and of merchants without their own. */
  timeZone: string;
}

export function toWire(error: unknown): WireError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}

export function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  if (wire.code) Object.assign(error, { code: wire.code });
  return error;
}
