import { sql, type Kysely } from 'kysely';
import { bigint } from '../schema-helpers';

/**
 * Issue 12: a machine busy with another vend is asked again later; which retry and when it is due live on the
 * order (`vend_busy`, `vend_retry_at`), so a restart resumes the wait instead of leaving a paid order stranded
 * (docs/orders.md, decision 023).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('vend_busy', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('vend_retry_at', bigint).execute();
  // The retries due: a handful of rows at any time, found without reading the orders.
  await db.schema
    .createIndex('orders_vend_retry')
    .on('orders')
    .column('vend_retry_at')
    .where(sql.ref('vend_retry_at'), 'is not', null)
    .execute();
}
