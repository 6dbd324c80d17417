import { type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 20, decision 047: the merchants' API keys. Only the SHA-256 of a key is kept (the key is 32 random bytes,
 * so a fast hash is as safe as a slow one); `prefix` is the key's first characters, to tell keys apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    // Permission codes as a role stores them: '1021,1031'.
    .addColumn('permissions', 'varchar(500)', (c) => c.notNull())
    // 1: every store; 0: only the stores in api_key_stores.
    .addColumn('all_device', 'integer', (c) => c.notNull())
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_used_at', bigint)
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('api_keys_merchant').on('api_keys').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('api_key_stores')
    .addColumn('api_key_id', bigint, (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('store_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_stores_pk', ['api_key_id', 'store_id'])
    .execute();
}
