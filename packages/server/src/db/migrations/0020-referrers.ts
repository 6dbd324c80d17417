import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 17: referrers (salesmen whose link brings customers to a machine's purchase page) and their sales. A sale
 * is booked once per order when its payment is confirmed (the orders' SaleOffer port, in the payment's
 * transaction): what the customer paid and the commission of the referrer's rate at that moment; refunds add to
 * `refunded` and cut `commission` in proportion. Referrers are deleted softly so their history stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('referrers'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // '' when the merchant gave none; unique among the merchant's referrers that are not deleted.
    .addColumn('referrer_no', 'varchar(64)', (c) => c.notNull())
    // Hundredths of a percent, 0..10000.
    .addColumn('commission', 'integer', (c) => c.notNull())
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('referrers_merchant').on('referrers').columns(['merchant_id', 'id']).execute();
  // The number's uniqueness among live referrers (the service checks it first and answers REFERRER_NO_TAKEN).
  await sql`create unique index referrers_live_no on referrers (merchant_id, referrer_no)
    where deleted_at is null and referrer_no <> ''`.execute(db);

  await withId(db, db.schema.createTable('referrer_sales'))
    .addColumn('order_id', bigint, (c) => c.notNull().unique())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('referrer_id', bigint, (c) => c.notNull().references('referrers.id'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    // The merchant's local midnight of paid_at: the day the commission counts on.
    .addColumn('day', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint, (c) => c.notNull())
    // What the customer paid, cents.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The referrer's rate when the sale was paid, hundredths of a percent.
    .addColumn('rate', 'integer', (c) => c.notNull())
    // The commission booked when paid: floor(amount × rate / 10000).
    .addColumn('commission_booked', 'integer', (c) => c.notNull())
    // The commission after refunds so far.
    .addColumn('commission', 'integer', (c) => c.notNull())
    // Refunded so far, cents.
    .addColumn('refunded', 'integer', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referrer_sales_time')
    .on('referrer_sales')
    .columns(['merchant_id', 'paid_at'])
    .execute();
  await db.schema
    .createIndex('referrer_sales_day')
    .on('referrer_sales')
    .columns(['merchant_id', 'day', 'referrer_id'])
    .execute();
}
