import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listTables } from '../cli/backup';
import { withProbe } from '../testing/migrate-process';
import { dialects } from '../testing/test-app';
import { createDb, type Db, type Dialect } from './create-db';
import { migrateToLatest, migrations } from './migrate';

const run = promisify(execFile);
const TSX = path.resolve(__dirname, '../../../../node_modules/.bin/tsx');
const MIGRATE_PROCESS = path.resolve(__dirname, '../testing/migrate-process.ts');

/** A fresh database of the dialect: its Db options and the environment a `vendo` process reads it from. */
function freshDatabase(dialect: Dialect) {
  const url = process.env['DATABASE_URL']!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (dialect === 'sqlite') {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-migrate-')), 'vendo.sqlite');
    return {
      options: { sqliteFile: file },
      env: { SQLITE_FILE: file, DATABASE_URL: '', DATABASE_SCHEMA: '' },
      drop: async () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
    };
  }
  return {
    options: { databaseUrl: url, schema },
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema, SQLITE_FILE: '' },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/** What a migration can change: every table's columns, the indexes and triggers, and the migrations recorded. */
async function shape(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const { rows } =
      db.dialect === 'sqlite'
        ? await sql<{
            name: string;
            type: string;
          }>`select name, type from pragma_table_info(${table})`.execute(db.kysely)
        : await sql<{ name: string; type: string }>`
            select column_name as name, data_type as type from information_schema.columns
            where table_schema = ${db.schema} and table_name = ${table} order by ordinal_position`.execute(
            db.kysely,
          );
    tables[table] = rows.map((r) => `${r.name} ${r.type}`);
  }
  const { rows: objects } =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`
          select type || ' ' || name as name from sqlite_master where type in ('index', 'trigger') order by 1`.execute(
          db.kysely,
        )
      : await sql<{ name: string }>`
          select 'index ' || indexname as name from pg_indexes where schemaname = ${db.schema}
          union all select 'trigger ' || tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${db.schema} and not t.tgisinternal
          order by 1`.execute(db.kysely);
  const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    db.kysely,
  );
  const settings = await sql<{ key: string }>`select key from settings order by key`.execute(db.kysely);
  return {
    tables,
    objects: objects.map((o) => o.name),
    migrations: recorded.rows.map((r) => r.name),
    settings: settings.rows.map((r) => r.key),
  };
}

/** A migration that changes tables, indexes and rows, then fails. */
const failing: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table half_done (id integer primary key, note text)`.execute(db);
    await sql`create index half_done_note on half_done (note)`.execute(db);
    await sql`alter table users add column half_done_flag integer`.execute(db);
    await sql`insert into settings (key, value) values ('half_done', 'yes')`.execute(db);
    await sql`select * from no_such_table`.execute(db);
  },
};

describe.each(dialects())('migrations on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('run once when two processes start together on an empty database, and both finish', async () => {
    const database = freshDatabase(dialect);
    cleanups.push(database.drop);
    const start = () =>
      run(TSX, [MIGRATE_PROCESS], { env: { ...process.env, ...database.env }, timeout: 60_000 });
    const outputs = await Promise.all([start(), start()]);
    const applied = outputs.map((o) => JSON.parse(o.stdout) as string[]);
    // Between them every migration ran, and none in both.
    expect([...applied[0]!, ...applied[1]!].sort()).toEqual(Object.keys(withProbe).sort());
    const db = await createDb(database.options);
    cleanups.unshift(() => db.destroy());
    const probes = await sql<{ n: number }>`select count(*) as n from migration_probe`.execute(db.kysely);
    expect(Number(probes.rows[0]!.n)).toBe(1);
    expect((await shape(db)).migrations).toEqual(Object.keys(withProbe).sort());
  }, 60_000);

  it('a failing migration leaves the tables, indexes, rows and recorded migrations as they were', async () => {
    const database = freshDatabase(dialect);
    cleanups.push(database.drop);
    const db = await createDb(database.options);
    cleanups.unshift(() => db.destroy());
    await migrateToLatest(db);
    const before = await shape(db);
    expect(before.migrations).toHaveLength(Object.keys(migrations).length);

    await expect(migrateToLatest(db, { ...migrations, '9999-failing': failing })).rejects.toThrow(
      /no_such_table/,
    );
    expect(await shape(db)).toEqual(before);
    // And the next start applies what is pending as if nothing had happened.
    expect(await migrateToLatest(db, withProbe)).toEqual(['9999-probe']);
  });

  it('a failing migration among several pending leaves an empty database empty', async () => {
    const database = freshDatabase(dialect);
    cleanups.push(database.drop);
    const db = await createDb(database.options);
    cleanups.unshift(() => db.destroy());
    await expect(migrateToLatest(db, { ...migrations, '9999-failing': failing })).rejects.toThrow();
    // Kysely creates its two tables before taking the lock; nothing else remains, and no migration is recorded.
    expect(await listTables(db)).toEqual(['kysely_migration', 'kysely_migration_lock']);
    expect(await sql`select name from kysely_migration`.execute(db.kysely)).toMatchObject({ rows: [] });
  });
});
