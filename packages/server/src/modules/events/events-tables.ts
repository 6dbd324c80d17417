import type { Generated, Selectable } from 'kysely';

/** The event outbox and stream (issue 20, docs/webhooks.md): written by the producing modules, read by webhooks. */
export interface EventTables {
  events: EventsTable;
  event_seqs: EventSeqsTable;
}

/**
 * One thing that happened at a merchant, written in the transaction of the action (event-outbox.ts), never
 * changed; deleted 30 days after (the webhooks' prune job). (merchant_id, seq) is unique: seq is the merchant's
 * cursor, gapless and in commit order (event_seqs).
 */
export interface EventsTable {
  id: Generated<number>;
  merchant_id: number;
  seq: number;
  /** A WebhookEventType. */
  type: string;
  version: number;
  /** The store of the machine it is about; null for merchant-wide events (settlements, bank cards). */
  store_id: number | null;
  /** JSON of the type's data (contract EventData). */
  data: string;
  created_at: number;
}

/**
 * The last seq given per merchant. Taking the next one updates this row, which stays locked until the action's
 * transaction ends: a merchant's events commit in seq order, so a reader at cursor N never misses a later-
 * committing N-1 (decision 048).
 */
export interface EventSeqsTable {
  merchant_id: number;
  seq: number;
}

export type EventRow = Selectable<EventsTable>;
