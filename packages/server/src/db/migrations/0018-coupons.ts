import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 17 (docs/marketing.md, decision 035): what the marketing offers leave on an order, and coupons.
 *
 * orders: `original_amount` is the price before any offer (= amount when none; older orders are backfilled),
 * `discount` what the offers took off (cents), `coupon_receipt_id` the customer's coupon it used (or holds while
 * unpaid), `referrer_id` the referrer it was sold through. `amount` stays what the customer paid.
 *
 * coupons: a merchant's coupon (rules in docs/marketing.md), `received`/`used` its counters, guarded against
 * `quantity` by the receiving update itself. coupon_targets: the stores or goods a scoped coupon is good for.
 * coupon_receipts: one per coupon a customer received (`<channel>:<openid>`), unused → held (locked to an unpaid
 * order) → used, or back to unused when that order closes unpaid or is refunded in full while the use window is open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('original_amount', bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount', bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_receipt_id', bigint).execute();
  await db.schema.alterTable('orders').addColumn('referrer_id', bigint).execute();
  await sql`update orders set original_amount = amount`.execute(db);

  await withId(db, db.schema.createTable('coupons'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // rate: the customer pays `rate` hundredths of a percent of the price (8500 = 85 % = 8.5折);
    // reduce: `reduce` cents off once the price reaches `condition` cents.
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('condition', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('reduce', bigint, (c) => c.notNull().defaultTo(0))
    // all | stores | goods
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_limit', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    // Merchant-local calendar days 'YYYY-MM-DD', both ends included.
    .addColumn('receive_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('receive_end', 'varchar(10)', (c) => c.notNull())
    .addColumn('use_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('use_end', 'varchar(10)', (c) => c.notNull())
    // The weekdays it is used on (merchant time zone), '1,2,…,7' (1 Monday .. 7 Sunday).
    .addColumn('weekdays', 'varchar(16)', (c) => c.notNull())
    .addColumn('referrer_id', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('coupons_merchant').on('coupons').columns(['merchant_id', 'id']).execute();

  await db.schema
    .createTable('coupon_targets')
    .addColumn('coupon_id', bigint, (c) => c.notNull().references('coupons.id'))
    // store | goods
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_targets_pk', ['coupon_id', 'kind', 'target_id'])
    .execute();

  await withId(db, db.schema.createTable('coupon_receipts'))
    .addColumn('coupon_id', bigint, (c) => c.notNull().references('coupons.id'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('customer', 'varchar(100)', (c) => c.notNull())
    // unused | held | used
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    // The machine whose purchase page it was received on.
    .addColumn('received_sn', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('order_no', 'varchar(40)')
    .addColumn('sn', 'varchar(20)')
    .addColumn('discount', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('received_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_receipts_customer')
    .on('coupon_receipts')
    .columns(['coupon_id', 'customer'])
    .execute();
  await db.schema
    .createIndex('coupon_receipts_mine')
    .on('coupon_receipts')
    .columns(['customer', 'merchant_id', 'status'])
    .execute();
  await db.schema
    .createIndex('coupon_receipts_merchant')
    .on('coupon_receipts')
    .columns(['merchant_id', 'received_at'])
    .execute();
}
