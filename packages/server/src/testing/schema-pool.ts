import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/create-db';

/** What a schema holds right after the migrations: its tables, and the rows some of them start with. */
interface Pristine {
  tables: string[];
  seeds: Map<string, unknown[]>;
}

/**
 * PostgreSQL schemas that were migrated for one test, emptied at its close and handed to the file's next test.
 * Creating a schema and running the migrations costs PostgreSQL seconds (hundreds of DDL statements, each commit
 * flushed); emptying one costs a few deletes. A schema is only handed on while its definition is the one the
 * migrations left: a test that changed it (dropped a table, added a trigger, set a table's storage option) gets
 * its schema dropped, as before. `schema-pool-setup.ts` drops the pooled schemas after a file's last test.
 */
class SchemaPool {
  private readonly clean: string[] = [];
  /** Each schema's definition stamp, taken when it was migrated. */
  private readonly stamps = new Map<string, string>();
  private pristine: Pristine | undefined;

  /** A migrated, empty schema, or undefined when the pool has none yet. */
  take(): string | undefined {
    return this.clean.pop();
  }

  /** Called on a freshly migrated schema: stamps its definition, and the first time learns its tables and seeds. */
  async learn(db: Db): Promise<void> {
    if (!db.schema) return;
    this.stamps.set(db.schema, await stampOf(db.kysely, db.schema));
    if (this.pristine) return;
    const tables = (
      await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = ${db.schema} and tablename not like 'kysely\\_migration%' order by tablename`.execute(
        db.kysely,
      )
    ).rows.map((r) => r.name);
    const seeds = new Map<string, unknown[]>();
    for (const table of tables) {
      const rows = (await sql`select * from ${sql.table(table)}`.execute(db.kysely)).rows;
      if (rows.length > 0) seeds.set(table, rows);
    }
    this.pristine = { tables, seeds };
  }

  /**
   * Empties a closed test's schema and keeps it for the next test, when its definition is unchanged; false when
   * the caller must drop it instead.
   */
  async give(db: Db): Promise<boolean> {
    const { pristine } = this;
    const schema = db.schema;
    const stamp = schema && this.stamps.get(schema);
    if (!pristine || !schema || !stamp) return false;
    try {
      if ((await stampOf(db.kysely, schema)) !== stamp) return false;
      await db.kysely.transaction().execute(async (tx) => {
        const filled = (
          await sql<{ name: string }>`${sql.join(
            pristine.tables.map((t) => sql`select ${t} as name where exists (select 1 from ${sql.table(t)})`),
            sql` union all `,
          )}`.execute(tx)
        ).rows.map((r) => r.name);
        // Rows go without their triggers (the analytics deltas) and in any order (no foreign key checks): the
        // whole schema is emptied. Deletes, not a truncate: a truncate rewrites the tables' catalog rows, which
        // would change the stamp and cost more than deleting the few rows a test leaves.
        await sql`set local session_replication_role = replica`.execute(tx);
        for (const table of filled) await sql`delete from ${sql.table(table)}`.execute(tx);
        for (const [table, rows] of pristine.seeds) {
          await sql`insert into ${sql.table(table)}
            select * from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)})`.execute(
            tx,
          );
        }
        await sql`select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
          from pg_sequences where schemaname = ${schema} and last_value is not null`.execute(tx);
      });
      this.clean.push(schema);
      return true;
    } catch {
      return false;
    }
  }

  /** Drops the schemas still pooled (after a file's last test). */
  async drain(): Promise<void> {
    const url = process.env['DATABASE_URL'];
    const schemas = this.clean.splice(0);
    if (!url || schemas.length === 0) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
}

/**
 * A stamp of a schema's definition: its relations (tables, indexes, sequences), their columns, triggers and the
 * functions in it, with the transaction that last wrote each catalog row. Any DDL a test runs (drop or create a
 * table or index, alter a column or a table's options, add or disable a trigger) writes one of these rows; data
 * changes never do, and a vacuum's or analyse's statistics are written in place, keeping the row's transaction.
 */
async function stampOf(db: Db['kysely'], schema: string): Promise<string> {
  const { rows } = await sql<{ stamp: string }>`
    with ns as (select oid from pg_namespace where nspname = ${schema}),
      c as (select oid, xmin from pg_class where relnamespace = (select oid from ns))
    select concat_ws(':',
      (select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from c),
      (select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from pg_attribute
        where attrelid in (select oid from c) and attnum > 0),
      (select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from pg_trigger
        where tgrelid in (select oid from c)),
      (select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from pg_proc
        where pronamespace = (select oid from ns))
    ) as stamp`.execute(db);
  return rows[0]?.stamp ?? '';
}

export const schemaPool = new SchemaPool();
