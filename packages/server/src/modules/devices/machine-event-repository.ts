import type { Kysely } from 'kysely';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import type { EventOutcome, MachineEventStore } from '../../gateway/machine-ports';

export interface EventDevice {
  id: number;
  sn: string;
  type: string;
  merchant_id: number | null;
  area_id: number | null;
  store_id: number | null;
}

/**
 * What a stored event means for the business: the orders module makes it an order (or completes one) and takes
 * what left the machine off its shelves, inside the event's transaction. It may answer work to run after the
 * commit (refunds to send to the payment channel).
 */
export interface MachineEventSink {
  apply(
    trx: Kysely<Database>,
    device: EventDevice,
    event: MachineEvent,
    now: number,
  ): Promise<(() => void) | undefined>;
}

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

  async record(sn: string, event: MachineEvent, now: number): Promise<EventOutcome> {
    const device = await this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'type', 'merchant_id', 'area_id', 'store_id'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    if (!device) return 'unknown_device';
    const sink = this.sink;
    let afterCommit: (() => void) | undefined;
    const outcome = await this.db.transaction().execute(async (trx): Promise<EventOutcome> => {
      const inserted = await trx
        .insertInto('device_events')
        .values({
          sn,
          event_id: event.id,
          merchant_id: device.merchant_id,
          type: event.type,
          player: event.type === 'game' ? (event.data.player ?? null) : null,
          result: event.type === 'game' ? event.data.result : null,
          payload: JSON.stringify(event.data),
          occurred_at: event.at,
          received_at: now,
        })
        .onConflict((oc) => oc.columns(['sn', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate';
      for (const item of deliveredItems(event)) await this.showFault(trx, device, item, now);
      afterCommit = (await sink?.apply(trx, device, event, now)) ?? undefined;
      return 'stored';
    });
    afterCommit?.();
    return outcome;
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
    await trx
      .updateTable('channels')
      .set({ status: normal ? 0 : 1, fault: normal ? '' : String(item.fault), updated_at: now })
      .where('device_id', '=', device.id)
      .where('position', '=', item.slot)
      .execute();
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

function deliveredItems(event: MachineEvent): DeliveredItem[] {
  switch (event.type) {
    case 'delivery':
    case 'cash_sale':
      return event.data.items;
    case 'game':
      return event.data.prize ? [event.data.prize] : [];
  }
}
