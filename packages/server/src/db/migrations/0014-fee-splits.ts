import type { Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 16: fee-splitting configurations (the spec's bank_split), their accounts and the history of their
 * versions; and the cards' blind index, so that a split account is found by its number without decrypting every
 * card. Machines point at a configuration through devices.is_bank_split and bank_split_id (migration 0003).
 *
 * The blind index (bank_cards.acct_no_index) is an HMAC of the card number under a key derived from the platform
 * secret, which a migration does not hold: cards written before this migration are indexed when the server starts
 * (bank-cards' PayoutAccounts.indexMissing, idempotent), every card written after gets it on write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_cards').addColumn('acct_no_index', 'varchar(64)').execute();
  await db.schema.createIndex('bank_cards_by_number').on('bank_cards').column('acct_no_index').execute();

  await withId(db, db.schema.createTable('split_configs'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // The main account: an approved card of the merchant, its id as text (as devices.payout_merchant_id).
    .addColumn('main_merchant_id', 'varchar(20)', (c) => c.notNull())
    // Hundredths of a percent.
    .addColumn('main_percent', 'integer', (c) => c.notNull())
    .addColumn('pay_channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('split_configs_merchant_name')
    .on('split_configs')
    .columns(['merchant_id', 'name'])
    .unique()
    .execute();

  // The split accounts of a configuration's current version, in the order the merchant listed them.
  await db.schema
    .createTable('split_config_accounts')
    .addColumn('config_id', bigint, (c) => c.notNull().references('split_configs.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('split_config_accounts_pk', ['config_id', 'position'])
    .execute();

  // Every version as it was saved (who, when, the whole configuration as JSON): the history of a change.
  await db.schema
    .createTable('split_config_versions')
    .addColumn('config_id', bigint, (c) => c.notNull().references('split_configs.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('changed_by', bigint, (c) => c.notNull())
    .addColumn('changed_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('split_config_versions_pk', ['config_id', 'version'])
    .execute();
}
