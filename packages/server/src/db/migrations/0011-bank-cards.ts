import type { Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 15: payout bank cards, their certificate photos and share links. Machines point at a card through
 * devices.payout_merchant_id (migration 0003), the card's id as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bank_card_shares'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .addColumn('card_id', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_card_shares_merchant')
    .on('bank_card_shares')
    .columns(['merchant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('bank_cards'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('share_id', bigint)
    .addColumn('mch_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('acct_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('acct_no_enc', 'varchar(200)', (c) => c.notNull())
    .addColumn('acct_no_mask', 'varchar(64)', (c) => c.notNull())
    .addColumn('acct_no_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('cert_no_enc', 'varchar(200)', (c) => c.notNull())
    .addColumn('cert_no_mask', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile_enc', 'varchar(200)', (c) => c.notNull())
    .addColumn('mobile_mask', 'varchar(32)', (c) => c.notNull())
    .addColumn('cert_start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('cert_expire_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('bank_code', 'varchar(3)', (c) => c.notNull())
    .addColumn('bank_province', 'varchar(6)', (c) => c.notNull())
    .addColumn('bank_city', 'varchar(6)', (c) => c.notNull())
    .addColumn('bank_branch', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_no', 'varchar(12)', (c) => c.notNull())
    .addColumn('prov_code', 'varchar(9)', (c) => c.notNull())
    .addColumn('prov', 'varchar(50)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(9)', (c) => c.notNull())
    .addColumn('city', 'varchar(50)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(9)', (c) => c.notNull())
    .addColumn('area', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('review_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('img_bank_z', bigint)
    .addColumn('img_bank_f', bigint)
    .addColumn('img_id_card_z', bigint)
    .addColumn('img_id_card_f', bigint)
    .addColumn('img_hold_id_card', bigint)
    .addColumn('img_mendian', bigint)
    .addColumn('submitted_at', bigint)
    .addColumn('reviewed_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_cards_merchant')
    .on('bank_cards')
    .columns(['merchant_id', 'id'])
    .execute();
  // The reviewer's queue: submitted cards by state.
  await db.schema
    .createIndex('bank_cards_review')
    .on('bank_cards')
    .columns(['review_state', 'step', 'submitted_at'])
    .execute();

  await withId(db, db.schema.createTable('bank_card_images'))
    .addColumn('public_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploaded_by', bigint)
    .addColumn('share_id', bigint)
    .addColumn('file', 'varchar(100)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_card_images_merchant')
    .on('bank_card_images')
    .columns(['merchant_id', 'created_at'])
    .execute();
}
