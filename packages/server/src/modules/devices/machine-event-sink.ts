import type { Kysely } from 'kysely';
import type { DeliveredItem, MachineEvent } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';

/** The machine an event came from, as the sink needs it. */
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

/** What left (or should have left) the machine's shelves in an event: the slots the event is about. */
export function deliveredItems(event: MachineEvent): DeliveredItem[] {
  switch (event.type) {
    case 'delivery':
    case 'cash_sale':
      return event.data.items;
    case 'game':
      return event.data.prize ? [event.data.prize] : [];
  }
}
