import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/** Platform settings, agents, merchants, users, sessions, SMS codes, rate-limit events and app modules. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('merchants'))
    .addColumn('agent_id', 'varchar(32)', (c) => c.notNull().references('agents.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('business', 'varchar(16)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('sub_user_suffix', 'varchar(32)', (c) => c.unique())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull())
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('oper_pwd_hash', 'varchar(255)')
    .addColumn('is_oper_pwd', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_id', bigint)
    .addColumn('all_device', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('goods_own_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_own_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_merchant_username')
    .on('users')
    .columns(['merchant_id', 'username'])
    .unique()
    .execute();
  // A main account logs in with its phone alone, so main usernames are unique across merchants.
  await db.schema
    .createIndex('users_main_username')
    .on('users')
    .column('username')
    .unique()
    .where(sql.ref('is_main'), '=', 1)
    .execute();

  // Staff limited to listed stores (all_device = 0) manage only these.
  await db.schema
    .createTable('user_stores')
    .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
    .addColumn('store_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_stores_pk', ['user_id', 'store_id'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('oper_sign_hash', 'varchar(64)')
    .addColumn('oper_expires_at', bigint)
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sign_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

  await withId(db, db.schema.createTable('rate_events'))
    .addColumn('bucket', 'varchar(200)', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_bucket').on('rate_events').columns(['bucket', 'at']).execute();

  await withId(db, db.schema.createTable('app_modules'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('app_module_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('expire_at', bigint, (c) => c.notNull())
    .addColumn('extend', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_modules_merchant_name')
    .on('app_modules')
    .columns(['merchant_id', 'app_module_name'])
    .unique()
    .execute();
}
