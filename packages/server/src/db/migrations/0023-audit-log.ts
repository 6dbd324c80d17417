import { type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/**
 * Issue 20: the audit log of sensitive actions (modules/audit, decision 046). Written in the transaction of the
 * action it records, never updated; the retention job is the only delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    // No foreign key: entries outlive what they name, and the retention job deletes by time alone.
    .addColumn('merchant_id', bigint, (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', bigint)
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .addColumn('call', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('machine_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_merchant_at')
    .on('audit_log')
    .columns(['merchant_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_merchant_machine')
    .on('audit_log')
    .columns(['merchant_id', 'machine_sn', 'at'])
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
}
