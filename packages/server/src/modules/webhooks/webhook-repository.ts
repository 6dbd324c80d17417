import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { EventRow } from '../events/events-tables';
import type {
  WebhookAttemptRow,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEndpointsTable,
} from './webhook-tables';

/** All SQL of the webhooks: the event stream's reads, endpoints, deliveries and attempts. */
export class WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (repo: WebhookRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new WebhookRepository(trx), trx));
  }

  // -- The event stream

  /** The merchant's last seq given (0 before any event). */
  async headSeq(merchantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('event_seqs')
      .select('seq')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  /** The merchant's events after `afterSeq` of these types (and stores, when limited), oldest first. */
  events(
    merchantId: number,
    afterSeq: number,
    limit: number,
    filter: { types: readonly string[]; storeIds: number[] | null },
  ): Promise<EventRow[]> {
    if (!filter.types.length || (filter.storeIds && !filter.storeIds.length)) return Promise.resolve([]);
    let query = this.db
      .selectFrom('events')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('seq', '>', afterSeq)
      .where('type', 'in', filter.types);
    if (filter.storeIds) query = query.where('store_id', 'in', filter.storeIds);
    return query.orderBy('seq').limit(limit).execute();
  }

  eventById(id: number): Promise<EventRow | undefined> {
    return this.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // -- Endpoints

  endpoints(merchantId: number): Promise<WebhookEndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  endpoint(merchantId: number, id: number): Promise<WebhookEndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Of any merchant, removed ones too (the fan-out's read). */
  endpointAny(id: number): Promise<WebhookEndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A removed endpoint's deliveries still waiting: given up. */
  async failWaiting(endpointId: number, now: number): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_at: null, claimed_at: null, claimed_by: null, finished_at: now })
      .where('endpoint_id', '=', endpointId)
      .where('status', 'in', ['pending', 'sending'])
      .execute();
  }

  async insertEndpoint(row: Insertable<WebhookEndpointsTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('webhook_endpoints')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async updateEndpoint(
    merchantId: number,
    id: number,
    fields: Partial<Omit<WebhookEndpointRow, 'id' | 'merchant_id'>>,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set(fields)
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .execute();
  }

  /** Deliveries waiting (pending or sending) and given up, per endpoint of the merchant. */
  async deliveryCounts(merchantId: number): Promise<Map<number, { pending: number; failed: number }>> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .where('status', 'in', ['pending', 'sending', 'failed'])
      .groupBy(['endpoint_id', 'status'])
      .execute();
    const out = new Map<number, { pending: number; failed: number }>();
    for (const r of rows) {
      const entry = out.get(Number(r.endpoint_id)) ?? { pending: 0, failed: 0 };
      if (r.status === 'failed') entry.failed += Number(r.n);
      else entry.pending += Number(r.n);
      out.set(Number(r.endpoint_id), entry);
    }
    return out;
  }

  // -- Fan-out: events become deliveries

  /** Live endpoints behind their merchant's head seq. */
  endpointsBehind(limit: number): Promise<WebhookEndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .innerJoin('event_seqs', 'event_seqs.merchant_id', 'webhook_endpoints.merchant_id')
      .selectAll('webhook_endpoints')
      .where('webhook_endpoints.deleted_at', 'is', null)
      .whereRef('event_seqs.seq', '>', 'webhook_endpoints.fanned_seq')
      .orderBy('webhook_endpoints.id')
      .limit(limit)
      .execute();
  }

  /** Moves the endpoint's fan-out cursor from `from` (false when another process moved it first). */
  async advanceFanned(endpointId: number, from: number, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ fanned_seq: to })
      .where('id', '=', endpointId)
      .where('fanned_seq', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Adds automatic deliveries; one already made for the endpoint and event is left as it is. */
  async insertAutoDeliveries(rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['endpoint_id', 'auto_event_id']).doNothing())
      .execute();
  }

  async insertDelivery(row: Insertable<WebhookDeliveriesTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('webhook_deliveries')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  // -- Sending

  /**
   * Deliveries to send now, of live, enabled endpoints: pending and due, or claimed by a sender that died between
   * the claim and recording the attempt — its process holds no live job lease any more (it was killed), or its
   * claim is older than any send can last.
   */
  due(now: number, staleClaimBefore: number, limit: number, holder: string) {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .selectAll('d')
      .select(['e.url', 'e.secret'])
      .where('e.deleted_at', 'is', null)
      .where('e.enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('d.status', '=', 'pending'), eb('d.next_at', '<=', now)]),
          eb.and([
            eb('d.status', '=', 'sending'),
            eb.or([
              eb('d.claimed_at', '<', staleClaimBefore),
              eb.and([
                eb('d.claimed_by', '<>', holder),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('job_leases')
                      .select('job_leases.name')
                      .whereRef('job_leases.holder', '=', 'd.claimed_by')
                      .where('job_leases.expires_at', '>', now),
                  ),
                ),
              ]),
            ]),
          ]),
        ]),
      )
      .orderBy('d.id')
      .limit(limit)
      .execute();
  }

  /** Takes a delivery for sending; false when another sender took it since it was read. */
  async claim(
    delivery: Pick<WebhookDeliveryRow, 'id' | 'status' | 'claimed_at'>,
    now: number,
    holder: string,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'sending', claimed_at: now, claimed_by: holder })
      .where('id', '=', delivery.id)
      .where('status', '=', delivery.status);
    query =
      delivery.claimed_at === null
        ? query.where('claimed_at', 'is', null)
        : query.where('claimed_at', '=', delivery.claimed_at);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an attempt and the delivery's new state, together. */
  async recordAttempt(
    deliveryId: number,
    attempt: Insertable<WebhookAttemptsTable>,
    next: Pick<WebhookDeliveryRow, 'status' | 'next_at' | 'finished_at' | 'attempt_count'>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_attempts').values(attempt).execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...next, claimed_at: null, claimed_by: null })
        .where('id', '=', deliveryId)
        .execute();
    });
  }

  // -- Reading deliveries

  delivery(merchantId: number, id: number): Promise<WebhookDeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  }

  async deliveries(
    endpointId: number,
    window: { limit: number; offset: number },
  ): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    const { n } = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  attempts(deliveryIds: number[]): Promise<WebhookAttemptRow[]> {
    if (!deliveryIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('id')
      .execute();
  }

  // -- Retention

  /** Events, and finished deliveries with their attempts, older than `before`. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('events').where('created_at', '<', before).execute();
    const old = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('created_at', '<', before)
      .where('status', 'in', ['succeeded', 'failed']);
    await this.db.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('created_at', '<', before)
      .where('status', 'in', ['succeeded', 'failed'])
      .execute();
  }
}
