import type { Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Machines, binding history, shelves (channels), commands and machine events. Areas, stores and goods belong to
 * the catalog; devices and shelves name them by id without foreign keys (they are soft-deleted there).
 * The names of devices and channels are the ones the catalog's machine-shelves.ts reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('devices'))
    .addColumn('sn', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('clientid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('merchant_id', bigint, (c) => c.references('merchants.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('area_id', bigint)
    .addColumn('store_id', bigint)
    .addColumn('payout_merchant_id', 'varchar(64)')
    .addColumn('is_bank_split', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_split_id', 'varchar(64)')
    .addColumn('alive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conn_id', 'varchar(64)')
    .addColumn('online_at', bigint)
    .addColumn('offline_at', bigint)
    .addColumn('seen_at', bigint)
    .addColumn('rssi', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mversion', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('imei', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('android_version', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('stock_notify_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings_rev', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings_acked_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shelves_rev', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shelves_acked_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_dispense_at', bigint)
    .addColumn('bound_at', bigint)
    .addColumn('batch', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_merchant').on('devices').columns(['merchant_id', 'sn']).execute();
  await db.schema.createIndex('devices_store').on('devices').columns(['store_id']).execute();
  await db.schema.createIndex('devices_area').on('devices').columns(['area_id']).execute();

  await withId(db, db.schema.createTable('device_bindings'))
    .addColumn('sn', 'varchar(20)', (c) => c.notNull().references('devices.sn'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('bound_by', bigint, (c) => c.notNull())
    .addColumn('bound_at', bigint, (c) => c.notNull())
    .addColumn('unbound_by', bigint)
    .addColumn('unbound_at', bigint)
    .execute();
  await db.schema
    .createIndex('device_bindings_sn')
    .on('device_bindings')
    .columns(['sn', 'bound_at'])
    .execute();
  await db.schema
    .createIndex('device_bindings_merchant')
    .on('device_bindings')
    .columns(['merchant_id', 'bound_at'])
    .execute();

  await withId(db, db.schema.createTable('channels'))
    .addColumn('device_id', bigint, (c) => c.notNull().references('devices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('channel_sn', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', bigint, (c) => c.notNull())
    .addColumn('game_price', bigint, (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('probability', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('goods_id', bigint)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fault', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channels_position')
    .on('channels')
    .columns(['device_id', 'position'])
    .unique()
    .execute();
  await db.schema
    .createIndex('channels_number')
    .on('channels')
    .columns(['device_id', 'channel_sn'])
    .unique()
    .execute();
  await db.schema.createIndex('channels_goods').on('channels').column('goods_id').execute();

  await db.schema
    .createTable('device_commands')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    .addColumn('merchant_id', bigint)
    .addColumn('user_id', bigint)
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)')
    .addColumn('result', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();
  await db.schema
    .createIndex('device_commands_sn')
    .on('device_commands')
    .columns(['sn', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('device_events'))
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('merchant_id', bigint)
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('player', 'varchar(128)')
    .addColumn('result', 'varchar(8)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('occurred_at', bigint, (c) => c.notNull())
    .addColumn('received_at', bigint, (c) => c.notNull())
    .execute();
  // The exactly-once guarantee: a resent event hits this index and is acknowledged as a duplicate.
  await db.schema
    .createIndex('device_events_machine_id')
    .on('device_events')
    .columns(['sn', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('device_events_merchant')
    .on('device_events')
    .columns(['merchant_id', 'type', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('device_events_player')
    .on('device_events')
    .columns(['merchant_id', 'player', 'occurred_at'])
    .execute();
}
