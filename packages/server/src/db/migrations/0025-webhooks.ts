import { type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 20: the event outbox and stream (events, event_seqs: modules/events), webhook endpoints, their deliveries
 * and every attempt (modules/webhooks). docs/webhooks.md, decision 048.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('events'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('seq', bigint, (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('store_id', bigint)
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  // The stream reads a merchant's events by seq; the prune job deletes by time.
  await db.schema
    .createIndex('events_merchant_seq')
    .unique()
    .on('events')
    .columns(['merchant_id', 'seq'])
    .execute();
  await db.schema.createIndex('events_created').on('events').column('created_at').execute();

  await db.schema
    .createTable('event_seqs')
    .addColumn('merchant_id', bigint, (c) => c.primaryKey())
    .addColumn('seq', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    // Event types comma-joined.
    .addColumn('events', 'varchar(400)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(50)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // The signing secret (it must be readable to sign; never answered after it was shown once).
    .addColumn('secret', 'varchar(80)', (c) => c.notNull())
    // The merchant's seq this endpoint's deliveries were made up to (the fan-out's cursor).
    .addColumn('fanned_seq', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_merchant')
    .on('webhook_endpoints')
    .column('merchant_id')
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('endpoint_id', bigint, (c) => c.notNull().references('webhook_endpoints.id'))
    // The event's id ('' for a test send) and type, and the body as sent (a snapshot: it outlives the event).
    .addColumn('event_id', bigint)
    // The event of an automatic delivery (null for test sends and replays): unique per endpoint below.
    .addColumn('auto_event_id', bigint)
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // pending | sending | succeeded | failed
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('next_at', bigint)
    .addColumn('claimed_at', bigint)
    // The process (its job lease holder) sending it: its claim dies with its leases.
    .addColumn('claimed_by', 'varchar(80)')
    .addColumn('manual', 'integer', (c) => c.notNull())
    // Retries stop 24 hours after this.
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  // The fan-out makes one automatic delivery per endpoint and event, whoever runs it and however often.
  await db.schema
    .createIndex('webhook_deliveries_once')
    .unique()
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'auto_event_id'])
    .execute();

  await withId(db, db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', bigint, (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(300)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .column('delivery_id')
    .execute();
}
