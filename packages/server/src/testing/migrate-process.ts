import { sql, type Kysely, type Migration } from 'kysely';
import { createDb } from '../db/create-db';
import { migrateToLatest, migrations } from '../db/migrate';

/*
 * One process of db/migrate.test.ts's "several processes start together": migrates the database named by
 * SQLITE_FILE or DATABASE_URL + DATABASE_SCHEMA with every migration and a probe that counts its runs, and prints
 * the migrations it applied as JSON.
 */

/** Runs last; a row per run, so a migration run twice shows. */
export const probe: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists migration_probe (pid integer not null)`.execute(db);
    await sql`insert into migration_probe (pid) values (${process.pid})`.execute(db);
  },
};

export const withProbe = { ...migrations, '9999-probe': probe };

async function main(): Promise<void> {
  const { SQLITE_FILE: file, DATABASE_URL: url, DATABASE_SCHEMA: schema } = process.env;
  // Never a database it was not named: PostgreSQL only with a schema of its own.
  if (!file && !(url && schema)) throw new Error('SQLITE_FILE, or DATABASE_URL and DATABASE_SCHEMA');
  const db = await createDb(file ? { sqliteFile: file } : { databaseUrl: url, schema: schema! });
  try {
    console.log(JSON.stringify(await migrateToLatest(db, withProbe)));
  } finally {
    await db.destroy();
  }
}

if (process.argv[1]?.endsWith('migrate-process.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
