/**
 * The event outbox's port (issue 20, decision 048): what the producing modules (orders, devices, stock, funds,
 * bank cards) call to say something happened at a merchant.
 *
 *   await recordEvent(trx, { merchantId, type: 'order.paid', storeId, data: {...}, at });
 *
 * - Always inside the transaction of the action (`trx`): an action that rolls back leaves no event, one that
 *   commits always has its event. No HTTP here: the webhooks module's job sends deliveries later, so the action is
 *   never slowed by a receiver.
 * - Call it last in the transaction: the merchant's sequence row stays locked from here until the commit.
 * - The data is the contract's `EventData[type]` (version 1); a changed shape is a new version, never an edit.
 */
import { sql, type Kysely } from 'kysely';
import { EVENT_VERSION, type EventData, type WebhookEventType } from '@vendo/contract/api/webhooks';
import type { Database } from '../../db/database';

export interface NewEvent<T extends WebhookEventType> {
  merchantId: number;
  type: T;
  /** The machine's store; null for merchant-wide events. */
  storeId: number | null;
  data: EventData[T];
  /** When it happened (epoch ms). */
  at: number;
}

/** Writes the event (with the merchant's next seq) through the action's transaction; answers the seq. */
export async function recordEvent<T extends WebhookEventType>(
  trx: Kysely<Database>,
  event: NewEvent<T>,
): Promise<number> {
  const { seq } = await trx
    .insertInto('event_seqs')
    .values({ merchant_id: event.merchantId, seq: 1 })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ seq: sql<number>`event_seqs.seq + 1` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('events')
    .values({
      merchant_id: event.merchantId,
      seq: Number(seq),
      type: event.type,
      version: EVENT_VERSION,
      store_id: event.storeId,
      data: JSON.stringify(event.data),
      created_at: event.at,
    })
    .execute();
  return Number(seq);
}
