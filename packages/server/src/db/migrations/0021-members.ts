import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 18: members (a customer identity `<channel>:<openid>` at one merchant), their points log, the points each
 * order earned (taken back in proportion by refunds), the member certs of the member page (token and secret
 * hashed, 30 days), the merchant's points rule, and `orders.member_id`: the member an order was sold to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('members'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    // wechat | alipay
    .addColumn('client', 'varchar(10)', (c) => c.notNull())
    .addColumn('openid', 'varchar(128)', (c) => c.notNull())
    // 12 digits from the CSPRNG, unique per merchant.
    .addColumn('cardno', 'varchar(20)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('headimgurl', 'varchar(500)', (c) => c.notNull())
    .addColumn('is_subscribe', 'integer', (c) => c.notNull())
    // Never below 0: every spend is a guarded update (point >= cost).
    .addColumn('point', bigint, (c) => c.notNull())
    // Stored value in cents: no top-up exists, always 0.
    .addColumn('balance', bigint, (c) => c.notNull())
    // Cents paid minus refunded.
    .addColumn('spend', bigint, (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull())
    // JSON array of {name, value}.
    .addColumn('extends', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_visit_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_identity')
    .on('members')
    .columns(['merchant_id', 'client', 'openid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('members_cardno')
    .on('members')
    .columns(['merchant_id', 'cardno'])
    .unique()
    .execute();
  await db.schema.createIndex('members_merchant').on('members').columns(['merchant_id', 'id']).execute();

  await withId(db, db.schema.createTable('member_point_logs'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    // What the points changed by (negative: spent or taken back).
    .addColumn('delta', bigint, (c) => c.notNull())
    // The member's points after the change.
    .addColumn('point_after', bigint, (c) => c.notNull())
    // earn | refund | coupon | gift
    .addColumn('reason', 'varchar(10)', (c) => c.notNull())
    .addColumn('order_id', bigint)
    // The coupon receipt id or the gift code the points were spent on; '' for orders.
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_point_logs_member')
    .on('member_point_logs')
    .columns(['member_id', 'id'])
    .execute();

  // One row per paid order of a member: what it earned, and how much of that its refunds took back (due, even
  // where the member had already spent it and fewer points could be taken).
  await db.schema
    .createTable('member_order_points')
    .addColumn('order_id', bigint, (c) => c.primaryKey())
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('paid', bigint, (c) => c.notNull())
    .addColumn('earned', bigint, (c) => c.notNull())
    .addColumn('reversed', bigint, (c) => c.notNull())
    // Refunded so far (cents): the member's spend went down by it.
    .addColumn('refunded', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('member_certs'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_certs_member').on('member_certs').columns(['member_id']).execute();

  await db.schema
    .createTable('member_point_rules')
    .addColumn('merchant_id', bigint, (c) => c.primaryKey().references('merchants.id'))
    .addColumn('points_per_yuan', 'integer', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('member_id', bigint).execute();
  await sql`create index orders_member on orders (member_id, id) where member_id is not null`.execute(db);
}
