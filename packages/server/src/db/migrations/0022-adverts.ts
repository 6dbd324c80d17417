import { type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 18: advertisement plans (spec §3 Ad plan), the stores or machines a plan is limited to, and per machine
 * the revision of the ads list it was last sent (docs/device-protocol.md "Keeping machines in step": the machine
 * announces `ads_rev` in its presence; a list whose content changed gets the next revision).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('adverts'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // Spec §9: 0 none .. 7 third-party ad network.
    .addColumn('type', 'integer', (c) => c.notNull())
    // all | stores | machines
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    // The image's stored path in the merchant's image library ('' when the type has none).
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('text', 'varchar(100)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('web_url', 'varchar(500)', (c) => c.notNull())
    // A coupon of the merchant (0 when the type has none).
    .addColumn('coupon_id', bigint, (c) => c.notNull())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('placement_id', 'varchar(64)', (c) => c.notNull())
    // 1 enabled, 0 disabled.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('adverts_merchant')
    .on('adverts')
    .columns(['merchant_id', 'status', 'id'])
    .execute();

  // The stores (kind 'store', a store id) or machines (kind 'machine', a device id) of a limited plan.
  await db.schema
    .createTable('advert_targets')
    .addColumn('advert_id', bigint, (c) => c.notNull().references('adverts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('advert_targets_pk', ['advert_id', 'kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('advert_targets_target')
    .on('advert_targets')
    .columns(['kind', 'target_id'])
    .execute();

  // Per machine: the revision of its ads list, the digest of the content it stands for, what it acknowledged.
  await db.schema
    .createTable('advert_machine_revs')
    .addColumn('device_id', bigint, (c) => c.primaryKey())
    .addColumn('rev', 'integer', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('acked_rev', 'integer', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}
