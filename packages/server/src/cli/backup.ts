import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb, type Db } from '../db/create-db';
import { migrateToLatest, migrations } from '../db/migrate';

/*
 * `vendo backup FILE` and `vendo restore FILE [--force]` (decision 041). SQLite: better-sqlite3's online backup
 * API, a consistent copy while the server runs, saved as one self-contained file. PostgreSQL: pg_dump of the
 * configured schema in custom format, restored by pg_restore through psql in one transaction (a failed restore
 * changes nothing). A restore then runs the migrations this version has.
 */

/** A refusal or failure told to the operator as it is (exit code 1). */
export class BackupError extends Error {}

const SQLITE_HEADER = 'SQLite format 3\0';
const PG_DUMP_HEADER = 'PGDMP';
const MIGRATION_TABLE = 'kysely_migration';

/** Every table of the database (Kysely's own too), listed by the database itself. */
export async function listTables(db: Db): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
      db.kysely,
    );
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${db.schema} and table_type = 'BASE TABLE' order by table_name`.execute(db.kysely);
  return rows.map((r) => r.name);
}

/** The first table holding a row, besides the migrations' own; null for an empty or merely migrated database. */
async function tableWithRows(db: Db): Promise<string | null> {
  for (const table of await listTables(db)) {
    if (table.startsWith('kysely_')) continue;
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db.kysely);
    if (rows.length > 0) return table;
  }
  return null;
}

/** Writes a backup of the database to `file` (a new file; never overwritten). */
export async function backup(db: Db, file: string, databaseUrl?: string): Promise<void> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name.`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Written beside and renamed when complete: a failed backup leaves no file that looks whole.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (db.sqlite) {
      await db.sqlite.backup(partial, { progress: inOneStep });
      // The copy keeps the WAL mode of its source; a rollback journal makes it one file that opens anywhere.
      const copy = new SQLite(partial);
      copy.pragma('journal_mode = DELETE');
      copy.close();
    } else {
      const target = pgTarget(databaseUrl);
      await run(
        'pg_dump',
        ['--format=custom', `--schema=${db.schema}`, '--no-owner', '--no-privileges', `--file=${partial}`],
        target,
      );
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export interface RestoreOptions {
  /** Replace whatever the database holds. */
  force: boolean;
  /** PostgreSQL: the connection the tools use. */
  databaseUrl?: string | undefined;
}

/** Replaces the database's contents with the backup in `file`, then migrates. Answers the migrations it applied. */
export async function restore(db: Db, file: string, options: RestoreOptions): Promise<string[]> {
  const kind = backupKind(file);
  if (kind !== db.dialect) {
    throw new BackupError(
      `${file} is a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup; this server uses ` +
        `${db.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}. Restore it with the same database kind.`,
    );
  }
  const dump = kind === 'postgres' ? await readPgDump(file) : null;
  const level = dump ? dump.migrations : readSqliteMigrations(file);
  const unknown = level.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} was made by a newer version of Vendo (migrations ${unknown.join(', ')} are unknown to this one). ` +
        'Restore it with that version or a later one.',
    );
  }
  const filled = await tableWithRows(db);
  if (filled && !options.force) {
    throw new BackupError(
      `The database ${db.describe} already holds data (table ${filled} has rows); restore refuses to overwrite it. ` +
        '--force replaces everything in it with the backup (stop the servers first).',
    );
  }
  if (db.sqlite) await restoreSqlite(db.sqlite, file);
  else await restorePostgres(db, file, dump!.schema, pgTarget(options.databaseUrl));
  return migrateToLatest(db);
}

function backupKind(file: string): 'sqlite' | 'postgres' {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    head = Buffer.alloc(SQLITE_HEADER.length);
    fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No file at ${file}.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    throw error;
  }
  if (head.toString('latin1') === SQLITE_HEADER) return 'sqlite';
  if (head.subarray(0, PG_DUMP_HEADER.length).toString('latin1') === PG_DUMP_HEADER) return 'postgres';
  throw notABackup(file);
}

const notABackup = (file: string, why = 'neither a SQLite database nor a pg_dump custom-format archive') =>
  new BackupError(`${file} is not a Vendo backup (${why}).`);

function readSqliteMigrations(file: string): string[] {
  const backupDb = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = backupDb
      .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
      .get(MIGRATION_TABLE);
    if (!table) throw notABackup(file, 'a SQLite database without Vendo migrations');
    // A damaged file copies as well as a whole one: it is checked first (every page and index, no data compared).
    const check = backupDb.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError(`${file} is damaged (SQLite's check: ${String(check)}); nothing was changed.`);
    const rows = backupDb.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as Array<{
      name: string;
    }>;
    return rows.map((r) => r.name);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged (SQLite: ${(error as Error).message}); nothing was changed.`);
  } finally {
    backupDb.close();
  }
}

/**
 * better-sqlite3 copies 100 pages a step by default, and SQLite restarts a backup whose source another connection
 * changed between two steps: a busy server could keep it from ever finishing. All pages in one step instead: one
 * read transaction, which in WAL mode holds no writer up (the command blocks its own process only).
 */
const inOneStep = (): number => 0x7fffffff;

async function restoreSqlite(target: SQLite.Database, file: string): Promise<void> {
  if (target.memory) throw new BackupError('An in-memory database cannot be restored into.');
  // The backup API again, the other way: the file's pages replace the database's, under its write lock.
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target.name, { progress: inOneStep });
  } finally {
    source.close();
  }
}

interface PgTarget {
  /** The connection URL without its password (the tools' command lines are visible to other users). */
  url: string;
  env: NodeJS.ProcessEnv;
}

function pgTarget(databaseUrl: string | undefined): PgTarget {
  if (!databaseUrl) throw new Error('PostgreSQL backup without a DATABASE_URL');
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The schema the dump holds and the migrations recorded in it, read from the archive without restoring it. */
async function readPgDump(file: string): Promise<{ schema: string; migrations: string[] }> {
  const list = await run('pg_restore', ['--list', file]);
  const schemas = new Set<string>();
  let hasMigrations = false;
  for (const match of list.matchAll(/^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /gm)) {
    schemas.add(match[1]!);
    if (match[2] === MIGRATION_TABLE) hasMigrations = true;
  }
  const [schema, ...others] = [...schemas];
  if (!schema || !hasMigrations || others.length > 0) {
    throw notABackup(file, 'a pg_dump archive without one schema of Vendo tables');
  }
  const data = await run('pg_restore', [
    '--data-only',
    `--schema=${schema}`,
    `--table=${MIGRATION_TABLE}`,
    '--file=-',
    file,
  ]);
  const copy = /^COPY .*\n([\s\S]*?)^\\\.$/m.exec(data);
  const names = (copy?.[1] ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]!);
  return { schema, migrations: names };
}

/**
 * The target schema is dropped and the dump's objects created, in one psql transaction: any error rolls all of
 * it back. The dump's own CREATE SCHEMA is left out (pg_restore skips it for `public`, which initdb makes) and made
 * here; a dump of another schema name is renamed to the configured one at the end.
 */
async function restorePostgres(db: Db, file: string, dumpSchema: string, target: PgTarget): Promise<void> {
  const schema = db.schema!;
  if (dumpSchema !== schema) {
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${dumpSchema}`.execute(db.kysely);
    if (rows.length > 0) {
      throw new BackupError(
        `The backup holds schema ${dumpSchema}, which this database has already. Set DATABASE_SCHEMA=${dumpSchema} ` +
          'to restore onto it, or restore into a database without it.',
      );
    }
  }
  const list = await run('pg_restore', ['--list', file]);
  // Beside the other temporary files: the backup's folder may be read-only.
  const useList = path.join(os.tmpdir(), `vendo-restore-${process.pid}-${Date.now()}.list`);
  fs.writeFileSync(
    useList,
    list
      .split('\n')
      .filter((line) => !/ (SCHEMA|COMMENT) - /.test(line))
      .join('\n'),
  );
  const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const before = `DROP SCHEMA IF EXISTS ${id(schema)} CASCADE;\nCREATE SCHEMA ${id(dumpSchema)};\n`;
  const after = dumpSchema === schema ? '' : `ALTER SCHEMA ${id(dumpSchema)} RENAME TO ${id(schema)};\n`;
  try {
    await pipeRestore(file, useList, before, after, target);
  } finally {
    fs.rmSync(useList, { force: true });
  }
}

/** pg_restore's SQL between `before` and `after` into psql, one transaction; killed unfinished, it commits nothing. */
function pipeRestore(file: string, useList: string, before: string, after: string, target: PgTarget) {
  return new Promise<void>((resolve, reject) => {
    const psql = spawn(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        '--file=-',
        `--dbname=${target.url}`,
      ],
      { env: target.env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const restoring = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', `--use-list=${useList}`, '--file=-', file],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Each tool's words apart, pg_restore's first: the two write at once, and the cause is usually the file's.
    const errors = { restore: '', psql: '' };
    restoring.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors.restore += chunk));
    psql.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors.psql += chunk));
    psql.on('error', (error) => reject(toolError('psql', error)));
    restoring.on('error', (error) => {
      psql.kill('SIGKILL');
      reject(toolError('pg_restore', error));
    });
    // psql may stop first (an error in the SQL); its exit code tells it, not the broken pipe.
    psql.stdin.on('error', () => undefined);
    // Notices (a DROP ... CASCADE lists every object) are not failures: only warnings and errors are reported.
    psql.stdin.write(`SET client_min_messages TO warning;\n${before}`);
    restoring.stdout.pipe(psql.stdin, { end: false });
    let restoreCode: number | null = null;
    restoring.on('close', (code) => {
      restoreCode = code;
      if (code === 0) psql.stdin.end(after);
      else psql.kill('SIGKILL');
    });
    psql.on('close', (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else
        reject(
          new BackupError(
            `The restore failed and changed nothing: ${`${errors.restore}${errors.psql}`.trim() || `exit ${code}`}`,
          ),
        );
    });
  });
}

/** Runs a PostgreSQL client tool against the target (when given) and answers its output. */
function run(tool: string, args: string[], target?: PgTarget): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, target ? [...args, `--dbname=${target.url}`] : args, {
      env: target?.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', (error) => reject(toolError(tool, error)));
    child.on('close', (code) => {
      if (code === 0) return resolve(out);
      reject(new BackupError(`${tool} failed (exit ${code}): ${err.trim() || 'no message'}`));
    });
  });
}

function toolError(tool: string, error: Error): Error {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return new BackupError(
      `${tool} was not found: install the PostgreSQL client tools (the server's major version or newer).`,
    );
  }
  return error;
}

const USAGE = `vendo backup FILE              copy the database into a new FILE (safe while the server runs)
vendo restore FILE [--force]   replace the database with the backup in FILE, then migrate
  restore refuses a database that holds data unless --force (which replaces all of it); stop the servers first`;

/** The `backup` and `restore` commands. */
export async function runBackupCommand(
  config: Config,
  command: 'backup' | 'restore',
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-') || (force && command === 'backup')) {
    print(USAGE);
    return 2;
  }
  const file = path.resolve(files[0]!);
  // The file `openDatabase` (runtime.ts) uses; opened here without migrating: a backup changes nothing.
  const sqliteFile = path.join(config.dataDir, 'vendo.sqlite');
  if (command === 'backup' && !config.databaseUrl && !fs.existsSync(sqliteFile)) {
    print(`No database at ${sqliteFile}: nothing to back up (is DATA_DIR right?).`);
    return 1;
  }
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile,
  });
  try {
    if (command === 'backup') {
      await backup(db, file, config.databaseUrl);
      print(`Backed up ${db.describe} to ${file}`);
    } else {
      const applied = await restore(db, file, { force, databaseUrl: config.databaseUrl });
      print(
        `Restored ${file} into ${db.describe}` +
          (applied.length > 0 ? `; then migrated: ${applied.join(', ')}` : '; migrations up to date'),
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    print(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}
