import { PostgresAdapter, type Kysely } from 'kysely';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import type { EventOutcome, MachineEventStore } from '../../gateway/machine-ports';
import { logShelfChange } from './shelf-stock-log';

interface EventDevice {
  id: number;
  sn: string;
  merchant_id: number | null;
  area_id: number | null;
  store_id: number | null;
}

/**
 * Machine events, stored exactly once: the unique (sn, event_id) index turns a resend into a no-op, and the
 * event's effects on the shelves commit in the same transaction as the event, so a crash loses neither and a
 * retry doubles neither. Orders (a later feature) read these rows.
 */
export class MachineEventRepository implements MachineEventStore {
  constructor(private readonly db: Kysely<Database>) {}

  async record(sn: string, event: MachineEvent, now: number): Promise<EventOutcome> {
    const device = await this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'merchant_id', 'area_id', 'store_id'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    if (!device) return 'unknown_device';
    return this.db.transaction().execute(async (trx) => {
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
      for (const item of deliveredItems(event)) {
        await this.applyDelivery(trx, device, item, orderOf(event), event.type, now);
      }
      return 'stored';
    });
  }

  /** What left a shelf counts down its stock; the fault (or its absence) becomes the shelf's status. */
  private async applyDelivery(
    trx: Kysely<Database>,
    device: EventDevice,
    item: DeliveredItem,
    orderNo: string,
    kind: MachineEvent['type'],
    now: number,
  ): Promise<void> {
    const query = trx
      .selectFrom('channels')
      .selectAll()
      .where('device_id', '=', device.id)
      .where('position', '=', item.slot);
    // Row lock on PostgreSQL: two events from one shelf count down one after the other.
    const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
    const shelf = await (postgres ? query.forUpdate() : query).executeTakeFirst();
    if (!shelf) return;
    // The machine has handed the goods out: a count that was off is corrected, never refused.
    const quantity = Math.max(0, shelf.quantity - item.delivered);
    const normal = item.fault === 0;
    await trx
      .updateTable('channels')
      .set({ quantity, status: normal ? 0 : 1, fault: normal ? '' : String(item.fault), updated_at: now })
      .where('id', '=', shelf.id)
      .execute();
    if (device.merchant_id !== null && shelf.goods_id !== null && item.delivered > 0) {
      await logShelfChange(trx, {
        merchantId: device.merchant_id,
        device,
        shelf,
        before: { goodsId: shelf.goods_id, quantity: shelf.quantity },
        after: { goodsId: shelf.goods_id, quantity },
        userId: null,
        orderNo,
        remarks: kind,
        now,
      });
    }
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

function orderOf(event: MachineEvent): string {
  if (event.type === 'delivery') return event.data.order;
  if (event.type === 'game') return event.data.order ?? event.id;
  return event.id;
}
