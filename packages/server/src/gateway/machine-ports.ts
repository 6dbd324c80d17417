import type { MachineEvent, PresenceMessage, StatusReport } from '@vendo/contract/device-protocol';

/**
 * What the gateway needs from the rest of the server. The gateway speaks MQTT and never SQL; the devices
 * module implements these against the database.
 */
export interface MachineDirectory {
  /** Whether this sn exists, the secret is its own, and the MQTT client id is the machine's clientid. */
  authenticate(sn: string, secret: string, clientId: string): Promise<boolean>;
}

export type PresenceChange = 'online' | 'offline' | 'ignored';

export interface MachineStateStore {
  /** Applies a presence message; 'ignored' for an offline of an older connection or an unknown sn. */
  presence(sn: string, message: PresenceMessage, now: number): Promise<PresenceChange>;
  /** Applies the latest report of each machine, in one go. */
  reports(batch: ReadonlyMap<string, StatusReport>, now: number): Promise<void>;
  /** At the start of an embedded broker nobody is connected yet: every machine is offline. */
  markAllOffline(now: number): Promise<number>;
  /** Online machines last heard from (presence or report) before `heardBefore`, at most `limit` of them. */
  silent(heardBefore: number, limit: number): Promise<Array<{ sn: string; conn: string | null }>>;
  /** The machine answered: it was heard from now. */
  heard(sn: string, now: number): Promise<void>;
  /**
   * Marks offline a machine that went silent, if it is still on connection `conn` and still not heard from since
   * `heardBefore`; false when something changed meanwhile (it reconnected, reported or went offline).
   */
  silentOffline(sn: string, conn: string | null, heardBefore: number, now: number): Promise<boolean>;
}

export type EventOutcome = 'stored' | 'duplicate' | 'unknown_device';

/** An event as a machine sent it, waiting to be stored. */
export interface EventToRecord {
  sn: string;
  event: MachineEvent;
}

/** What became of one event of a batch: its outcome, or the error that rolled back its effects alone. */
export type RecordResult = { outcome: EventOutcome } | { outcome: 'failed'; error: unknown };

export interface MachineEventStore {
  /**
   * Stores many events in one transaction (one commit, one fsync), each once per (sn, event id) with its effects.
   * An event whose effects fail is rolled back alone ('failed': not stored, the machine sends it again); the
   * others commit. Resolves after the commit, one result per event in order; rejects when the transaction
   * itself fails, and then nothing of the batch was stored.
   */
  recordBatch(events: readonly EventToRecord[], now: number): Promise<RecordResult[]>;
  /**
   * Batches the store takes while one commits, each then committed after the one before, in the order given (a
   * worker thread reading its messages in turn). The gateway hands over the next batch before the last commits,
   * so the store is never idle while the gateway answers machines. 0 when absent: one batch at a time (batches on
   * a pool of PostgreSQL connections would commit side by side, their shelves' locks in any order).
   */
  readonly batchesAhead?: number;
}

/** The logger the gateway writes to (Fastify's pino logger in the server). */
export interface GatewayLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}
