import type { Kysely } from 'kysely';
import { bigint } from '../schema-helpers';

/**
 * Issue 15: the bank and branch directory (decision 030). The server fills it from its shipped file on first
 * start; `vendo admin import-branches` replaces it in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_branches')
    .addColumn('bank_no', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('bank_code', 'varchar(3)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prov_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(6)', (c) => c.notNull())
    .execute();
  // The one question asked of it: a bank's branches in a city, by name.
  await db.schema
    .createIndex('bank_branches_by_city')
    .on('bank_branches')
    .columns(['bank_code', 'prov_code', 'city_code', 'name'])
    .execute();
  await db.schema
    .createTable('bank_directory_source')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file', 'varchar(500)', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('loaded_at', bigint, (c) => c.notNull())
    .execute();
}
