import type { Kysely, Selectable } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import { prepared } from '../../db/prepared-query';
import { attachWriteBehind, multiRowInsert, type WriteBehind } from '../../db/write-behind';
import type {
  EventOutcome,
  EventToRecord,
  MachineEventStore,
  RecordResult,
} from '../../gateway/machine-ports';
import type { DeviceEventsTable } from './device-tables';
import { deliveredItems, type EventDevice, type MachineEventSink } from './machine-event-sink';

/**
 * Machine events, stored exactly once: the unique (sn, event_id) index turns a resend into a no-op, and the
 * event's effects commit in the same transaction as the event, so a crash loses neither and a retry doubles
 * neither. Here: the shelf's status shows the fault a delivery reported. The sale itself (the order, the shelf
 * counting down, the stock log's write-off) is the sink's: one path for every sale (docs/orders.md).
 */
export class MachineEventRepository implements MachineEventStore {
  private sink: MachineEventSink | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The orders module plugs in here (app.ts); without it events are stored and shelves show faults only. */
  attach(sink: MachineEventSink): void {
    this.sink = sink;
  }

  /** One event in its own transaction (tests and tools); the gateway stores them in batches. */
  async record(sn: string, event: MachineEvent, now: number): Promise<EventOutcome> {
    const [result] = await this.recordBatch([{ sn, event }], now);
    if (!result || result.outcome === 'failed') throw result?.error ?? new Error('event not recorded');
    return result.outcome;
  }

  /**
   * Group commit: the whole batch in one transaction, so one commit (one fsync under synchronous FULL) stores
   * many events. The batch first runs straight through; when one event fails, that transaction is rolled back
   * and the batch runs again with each event in a savepoint, so the failing one is rolled back alone and the
   * others are stored once. Work an event leaves for after the commit runs only once the commit succeeded.
   */
  async recordBatch(batch: readonly EventToRecord[], now: number): Promise<RecordResult[]> {
    if (batch.length === 0) return [];
    const devices = await this.devicesOf(batch.map((b) => b.sn));
    try {
      return await this.commitBatch(batch, devices, now, false);
    } catch (error) {
      if (!(error instanceof EventFailed)) throw error;
      return this.commitBatch(batch, devices, now, true);
    }
  }

  private async devicesOf(sns: string[]): Promise<Map<string, EventDevice>> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'type', 'merchant_id', 'area_id', 'store_id'])
      .where('sn', 'in', [...new Set(sns)])
      .execute();
    return new Map(rows.map((row) => [row.sn, row]));
  }

  private async commitBatch(
    batch: readonly EventToRecord[],
    devices: ReadonlyMap<string, EventDevice>,
    now: number,
    isolate: boolean,
  ): Promise<RecordResult[]> {
    const results: RecordResult[] = [];
    const afterCommit: Array<() => void> = [];
    const trx = await this.db.startTransaction().execute();
    // Straight through, the sales' inserts wait in a write-behind and go out as multi-row statements (decision
    // 051); in savepoints each event writes its own rows, so a failing one is rolled back alone.
    const behind = isolate ? null : attachWriteBehind(trx);
    const flush = async (writes: WriteBehind) =>
      writes.flush(trx).catch((error: unknown) => {
        throw new EventFailed(error);
      });
    try {
      // Straight through, the batch's events are inserted first, many rows per statement: which of them are
      // new (not resends) is known before any effect runs. In savepoints each event inserts its own row.
      const fresh = behind
        ? await this.insertEvents(trx, batch, devices, now).catch((error: unknown) => {
            throw new EventFailed(error);
          })
        : null;
      for (const [i, { sn, event }] of batch.entries()) {
        // SQLite runs synchronously: let the broker read and answer between events of a long batch.
        if (i > 0 && i % YIELD_EVERY === 0) await nextTurn();
        const device = devices.get(sn);
        if (!device) {
          results.push({ outcome: 'unknown_device' });
          continue;
        }
        if (behind) {
          // Only a cash sale reads nothing an earlier sale of the batch may have queued (orders by number).
          if (event.type !== 'cash_sale') await flush(behind.writes);
          if (!fresh?.[i]) {
            results.push({ outcome: 'duplicate' });
            continue;
          }
          const applied = await this.effects(trx, device, event, now).catch((error: unknown) => {
            throw new EventFailed(error);
          });
          results.push({ outcome: applied.outcome });
          if (applied.after) afterCommit.push(applied.after);
          continue;
        }
        const point = await trx.savepoint('event').execute();
        try {
          const applied = await this.apply(point, device, event, now);
          await point.releaseSavepoint('event').execute();
          results.push({ outcome: applied.outcome });
          if (applied.after) afterCommit.push(applied.after);
        } catch (error) {
          await point.rollbackToSavepoint('event').execute();
          results.push({ outcome: 'failed', error });
        }
      }
      if (behind) await flush(behind.writes);
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw error;
    } finally {
      behind?.release();
    }
    for (const run of afterCommit) run();
    return results;
  }

  /**
   * The batch's events of known machines in multi-row inserts, inside the caller's transaction. Answers, per
   * event of the batch, whether it was new: its row inserted now. A resend of a stored event, or the second
   * copy of an event the batch holds twice, is not (the first copy is the one that counts).
   */
  private async insertEvents(
    trx: Kysely<Database>,
    batch: readonly EventToRecord[],
    devices: ReadonlyMap<string, EventDevice>,
    now: number,
  ): Promise<boolean[]> {
    const rows: EventRow[] = [];
    for (const { sn, event } of batch) {
      const device = devices.get(sn);
      if (device) rows.push(eventRow(device, event, now));
    }
    const inserted = await insertEvents.rows(trx, rows);
    const key = (sn: string, id: string) => `${sn}\u0000${id}`;
    const fresh = new Set(inserted.map((row) => key(row.sn, row.event_id)));
    return batch.map(({ sn, event }) => fresh.delete(key(sn, event.id)));
  }

  /** The event and its effects, inside the caller's transaction. */
  private async apply(
    trx: Kysely<Database>,
    device: EventDevice,
    event: MachineEvent,
    now: number,
  ): Promise<{ outcome: 'stored' | 'duplicate'; after?: (() => void) | undefined }> {
    const inserted = await insertEvent.first(trx, eventRow(device, event, now));
    if (!inserted) return { outcome: 'duplicate' };
    return this.effects(trx, device, event, now);
  }

  /** What a new event does: the shelves' faults, then the sink's (orders, stock). */
  private async effects(
    trx: Kysely<Database>,
    device: EventDevice,
    event: MachineEvent,
    now: number,
  ): Promise<{ outcome: 'stored'; after?: (() => void) | undefined }> {
    for (const item of deliveredItems(event)) await this.showFault(trx, device, item, now);
    const after = await this.sink?.apply(trx, device, event, now);
    return { outcome: 'stored', after };
  }

  /** The fault a delivery reported (or its absence) becomes the shelf's status. */
  private async showFault(
    trx: Kysely<Database>,
    device: EventDevice,
    item: DeliveredItem,
    now: number,
  ): Promise<void> {
    const normal = item.fault === 0;
    // On PostgreSQL this update also locks the shelf's row until the commit, so the sale's count-down that
    // follows in this transaction and another event's on the same shelf apply one after the other.
    await showFault.execute(trx, {
      status: normal ? 0 : 1,
      fault: normal ? '' : String(item.fault),
      now,
      deviceId: device.id,
      slot: item.slot,
    });
  }

  /** Within 30 days after clearing a game on this merchant's machines, a player replays at extreme difficulty. */
  async playerClearedSince(merchantId: number, player: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('device_events')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('player', '=', player)
      .where('type', '=', 'game')
      .where('result', '=', 'win')
      .where('occurred_at', '>=', since)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }
}

type EventRow = Omit<Selectable<DeviceEventsTable>, 'id'>;

/** An event's row: every column, so every insert has one statement shape. */
function eventRow(device: EventDevice, event: MachineEvent, now: number): EventRow {
  return {
    sn: device.sn,
    event_id: event.id,
    merchant_id: device.merchant_id,
    type: event.type,
    player: event.type === 'game' ? (event.data.player ?? null) : null,
    result: event.type === 'game' ? event.data.result : null,
    payload: JSON.stringify(event.data),
    occurred_at: event.at,
    received_at: now,
  };
}

/** The event, unless its (sn, event id) is stored already: a resend. */
const insertEvent = prepared<EventRow>()((db, p) =>
  db
    .insertInto('device_events')
    .values(p)
    .onConflict((oc) => oc.columns(['sn', 'event_id']).doNothing())
    .returning('id'),
);

/** Many events at once; answers the (sn, event id) of those inserted, not of those stored already. */
const insertEvents = multiRowInsert<EventRow>()((db, rows) =>
  db
    .insertInto('device_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['sn', 'event_id']).doNothing())
    .returning(['sn', 'event_id']),
);

const showFault = prepared<{ status: number; fault: string; now: number; deviceId: number; slot: number }>()(
  (db, p) =>
    db
      .updateTable('channels')
      .set({ status: p.status, fault: p.fault, updated_at: p.now })
      .where('device_id', '=', p.deviceId)
      .where('position', '=', p.slot),
);

/** Events applied between two turns of the event loop in a batch. */
const YIELD_EVERY = 32;

/** An event's effects failed inside a batch run straight through: the batch is run again in savepoints. */
class EventFailed extends Error {
  constructor(readonly reason: unknown) {
    super('a machine event failed inside a batch');
  }
}
