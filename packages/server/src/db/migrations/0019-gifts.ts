import type { Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 17 (docs/marketing.md "Gift vouchers", decision 036): gift voucher batches and their codes.
 *
 * gifts: a batch (the spec's gift_id) of `quantity` codes: its name, salesman, valid period (merchant-local days
 * 'YYYY-MM-DD', both included), weekdays ('1,3,5': 1 Monday .. 7 Sunday), points cost, note, and its state
 * (active | revoked | deleted); `downloaded_at` when its codes were first exported.
 * gift_devices: the machines (sn) a batch is good on. gift_goods: the goods it gives, with their names as made.
 * gift_codes: one row per code, unique; status unused | downloaded | used | revoked | deleted (invalid is
 * computed); the order a used code made, where (machine), what (the goods' name) and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('gifts'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('salesman', 'varchar(50)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('weekdays', 'varchar(20)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('downloaded_at', bigint)
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gifts_merchant').on('gifts').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('gift_devices')
    .addColumn('gift_id', bigint, (c) => c.notNull().references('gifts.id'))
    .addColumn('sn', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_devices_pk', ['gift_id', 'sn'])
    .execute();

  await db.schema
    .createTable('gift_goods')
    .addColumn('gift_id', bigint, (c) => c.notNull().references('gifts.id'))
    .addColumn('goods_id', bigint, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_goods_pk', ['gift_id', 'goods_id'])
    .execute();

  await withId(db, db.schema.createTable('gift_codes'))
    .addColumn('gift_id', bigint, (c) => c.notNull().references('gifts.id'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_id', bigint)
    .addColumn('order_no', 'varchar(40)')
    .addColumn('used_sn', 'varchar(32)')
    .addColumn('used_goods', 'varchar(100)')
    .addColumn('used_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_codes_code').on('gift_codes').column('code').unique().execute();
  await db.schema.createIndex('gift_codes_batch').on('gift_codes').columns(['gift_id', 'status']).execute();
  // Redemptions of a merchant by time (the records screen).
  await db.schema
    .createIndex('gift_codes_used')
    .on('gift_codes')
    .columns(['merchant_id', 'used_at'])
    .execute();
}
