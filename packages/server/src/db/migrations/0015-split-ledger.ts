import type { Kysely } from 'kysely';
import { bigint } from '../schema-helpers';

/**
 * Issue 16: fee splitting in the funds ledger (docs/funds.md "Fee splitting", decision 033). Each payment and refund
 * entry keeps what it was booked with, so that a later change of a split never touches money already taken:
 * `seller_id` (the merchant whose machine sold; the account's owner may be another merchant, a split account),
 * `role` (main, split, manual), `share` (its share in hundredths of a percent, 10000 without a split), `split`
 * (1 when a split configuration booked the payment) and `day` (the seller's local midnight of the movement, the
 * day /b/getProfitSharing counts it in). Entries written before keep role '' and day null: no split booked them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('seller_id', bigint).execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('role', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('share', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('split', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('ledger_entries').addColumn('day', bigint).execute();
  await db.schema
    .createIndex('ledger_entries_profit')
    .on('ledger_entries')
    .columns(['seller_id', 'split', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_profit').execute();
  for (const column of ['day', 'split', 'share', 'role', 'seller_id']) {
    await db.schema.alterTable('ledger_entries').dropColumn(column).execute();
  }
}
