import type { Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 16: the funds ledger (docs/funds.md, decision 033). Payout accounts, immutable ledger entries in cents,
 * settlement records with their payout attempts, the days each merchant has settled, and the sandbox bank's own
 * records of the transfers it received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A payout account: an approved bank card (card:<id>) or a merchant's manual-transfer account (manual:<merchant>).
  await withId(db, db.schema.createTable('fund_accounts'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('account_key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('card_id', bigint)
    .addColumn('manual_transfer', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fund_accounts_merchant').on('fund_accounts').column('merchant_id').execute();

  await withId(db, db.schema.createTable('settlements'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('account_id', bigint, (c) => c.notNull().references('fund_accounts.id'))
    .addColumn('settle_date', 'varchar(8)', (c) => c.notNull())
    .addColumn('cutoff', bigint, (c) => c.notNull())
    .addColumn('manual_transfer', 'integer', (c) => c.notNull())
    .addColumn('bank_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('acct_no_mask', 'varchar(64)', (c) => c.notNull())
    .addColumn('acct_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('income_amt', bigint, (c) => c.notNull())
    .addColumn('refund_amt', bigint, (c) => c.notNull())
    .addColumn('carried_amt', bigint, (c) => c.notNull())
    .addColumn('gross_amt', bigint, (c) => c.notNull())
    .addColumn('poundage', bigint, (c) => c.notNull())
    .addColumn('transfer_fee', bigint, (c) => c.notNull())
    .addColumn('settle_amt', bigint, (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('refund_count', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('payout_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('fail_reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('sent_at', bigint)
    .addColumn('finished_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('settlements_account_day', ['account_id', 'settle_date'])
    .execute();
  await db.schema
    .createIndex('settlements_merchant_day')
    .on('settlements')
    .columns(['merchant_id', 'settle_date'])
    .execute();
  await db.schema.createIndex('settlements_state').on('settlements').columns(['state', 'id']).execute();

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('account_id', bigint, (c) => c.notNull().references('fund_accounts.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    // What caused it, unique: a second write of the same movement fails instead of counting twice.
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('order_id', bigint)
    .addColumn('refund_id', bigint)
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('sn', 'varchar(20)', (c) => c.notNull())
    .addColumn('client', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('settlement_id', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_open')
    .on('ledger_entries')
    .columns(['merchant_id', 'settlement_id', 'account_id', 'at'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_settlement')
    .on('ledger_entries')
    .columns(['settlement_id', 'at'])
    .execute();
  await db.schema.createIndex('ledger_entries_order').on('ledger_entries').column('order_id').execute();

  // A merchant's day once settled (the daily run's mark; the settlements' unique key guards the money itself).
  await db.schema
    .createTable('fund_runs')
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('settle_date', 'varchar(8)', (c) => c.notNull())
    .addColumn('ran_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('fund_runs_pk', ['merchant_id', 'settle_date'])
    .execute();

  // The sandbox bank's side: each transfer it received, once per idempotency key.
  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('idem_key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('bank_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_payouts', 'fund_runs', 'ledger_entries', 'settlements', 'fund_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
