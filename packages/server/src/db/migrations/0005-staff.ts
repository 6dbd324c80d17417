import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Roles, removable staff, notification recipients and their outbox, messaging-app identities and the accounts
 * linked to them, and job leases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('roles'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('perm_detail', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('roles_merchant_name')
    .on('roles')
    .columns(['merchant_id', 'name'])
    .unique()
    .execute();

  // Staff are removed softly: stock logs and other history keep pointing at them. A removed account frees its
  // name, so the unique index holds for live accounts only.
  await db.schema.alterTable('users').addColumn('deleted_at', bigint).execute();
  await db.schema.dropIndex('users_merchant_username').execute();
  await db.schema
    .createIndex('users_merchant_username_live')
    .on('users')
    .columns(['merchant_id', 'username'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();

  // A session opened through the messaging-app login remembers the identity, so it can switch accounts.
  await db.schema.alterTable('sessions').addColumn('passport_id', bigint).execute();

  await withId(db, db.schema.createTable('notify_recipients'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('openid', 'varchar(64)')
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('headimgurl', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('notice', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('not_disture', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_notify', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_notify', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('permission', 'varchar(100)', (c) => c.notNull())
    .addColumn('all_device', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('bind_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('bind_expires_at', bigint)
    .addColumn('bound_at', bigint)
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  // NULLs (unbound rows) never collide, on both databases.
  await db.schema
    .createIndex('notify_recipients_merchant_openid')
    .on('notify_recipients')
    .columns(['merchant_id', 'openid'])
    .unique()
    .execute();

  await db.schema
    .createTable('notify_recipient_stores')
    .addColumn('recipient_id', bigint, (c) => c.notNull().references('notify_recipients.id'))
    .addColumn('store_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_recipient_stores_pk', ['recipient_id', 'store_id'])
    .execute();

  await withId(db, db.schema.createTable('notify_messages'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('recipient_id', bigint, (c) => c.notNull().references('notify_recipients.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('dedup_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('template', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_after', bigint, (c) => c.notNull())
    .addColumn('claimed_at', bigint)
    .addColumn('sent_at', bigint)
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notify_messages_dedup')
    .on('notify_messages')
    .columns(['recipient_id', 'dedup_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notify_messages_due')
    .on('notify_messages')
    .columns(['status', 'send_after'])
    .execute();
  await db.schema
    .createIndex('notify_messages_subject')
    .on('notify_messages')
    .columns(['merchant_id', 'subject'])
    .execute();

  await db.schema
    .createTable('notify_low_shelves')
    .addColumn('channel_id', bigint, (c) => c.primaryKey())
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('notified_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('passports'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('openid', 'varchar(64)', (c) => c.notNull())
    .addColumn('unionid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('headimgurl', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passports_provider_openid')
    .on('passports')
    .columns(['provider', 'openid'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('passport_accounts'))
    .addColumn('passport_id', bigint, (c) => c.notNull().references('passports.id'))
    .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
    .addColumn('remarks', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('linked_at', bigint, (c) => c.notNull())
    .addColumn('last_login_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passport_accounts_pair')
    .on('passport_accounts')
    .columns(['passport_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('passport_accounts_user').on('passport_accounts').column('user_id').execute();

  await withId(db, db.schema.createTable('passport_tickets'))
    .addColumn('passport_id', bigint, (c) => c.notNull().references('passports.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
}
