import type { Kysely } from 'kysely';
import { bigint } from '../schema-helpers';

/** Node slots of the order number generator: the two digits after the time (modules/orders/order-numbers.ts). */
const NODES = 100;

/**
 * Issue 12: order numbers unique by construction. Each server process holds one node slot (a lease) and the
 * seconds it may stamp (`reserved_until`), so two processes, or a process and the one before it, never make the
 * same number (docs/orders.md, decision 023).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_number_nodes')
    .addColumn('node', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_until', bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await (db as Kysely<{ order_number_nodes: { node: number } }>)
    .insertInto('order_number_nodes')
    .values(Array.from({ length: NODES }, (_, node) => ({ node })))
    .execute();
}
