import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { mainAccount } from '../modules/catalog/catalog-testing';
import {
  ALIPAY_UA,
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  item,
  machineEvent,
  settle,
  standingMachine,
  virtualMachines,
} from '../modules/orders/order-fixtures';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { backup, listTables, restore, runBackupCommand } from './backup';

/** Every row of every table, each table's rows in a stable order. */
async function contents(db: Db): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of await listTables(db)) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(db.kysely);
    all[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return all;
}

/**
 * `vendo backup` and `restore` (decision 041): a merchant's data made through the app, backed up while the app
 * runs, restored into an empty database and compared table by table, row by row; the refusals.
 */
describe.each(dialects())('backup and restore on %s', (dialect) => {
  const url = process.env['DATABASE_URL'];
  let dir: string;
  let file: string;
  const targetDatabase = `vendo_restore_${randomBytes(5).toString('hex')}`;
  let t: TestApp;
  let target: Db;
  let targetUrl: string | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-backup-'));
    file = path.join(dir, 'vendo.backup');
    t = await createTestApp(dialect);
    calmSandbox(t);
    const owner = await mainAccount(t, '13900004101');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const chips = await addGoods(t, owner.merchantId, 'Chips', 650, 320);
    const area = await addArea(t, owner, 'North');
    const store = await addStore(t, owner, area, 'Mall');
    await standingMachine(t, owner, { sn: '41001', areaId: area, storeId: store, goods: [cola, chips] });
    const restoreMachines = virtualMachines(t);
    await customerPays(t, '41001', 1);
    await customerPays(t, '41001', 2, { userAgent: ALIPAY_UA });
    await settle(t);
    restoreMachines();
    await machineEvent(t, '41001', {
      type: 'cash_sale',
      data: { payment: 'coin', amount: 300, items: [item(1)] },
    });

    if (dialect === 'postgres') {
      // A database of its own: the dump names its schema, which the source's database already has.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${targetDatabase}`);
      await admin.end();
      const parsed = new URL(url!);
      parsed.pathname = `/${targetDatabase}`;
      targetUrl = parsed.toString();
      target = await createDb({ databaseUrl: targetUrl, schema: 'restored' });
    } else {
      target = await createDb({ sqliteFile: path.join(dir, 'target.sqlite') });
    }
  });

  afterAll(async () => {
    await target?.destroy();
    await t?.close();
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${targetDatabase} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores into an empty database every row of every table the app filled', async () => {
    const source = await contents(t.db);
    expect(source['orders']).toHaveLength(3);
    expect(source['users']).toHaveLength(1);
    expect(source['goods']).toHaveLength(2);
    await backup(t.db, file, url);
    expect(await restore(target, file, { force: false, databaseUrl: targetUrl })).toEqual([]);
    expect(await listTables(target)).toEqual(await listTables(t.db));
    expect(await contents(target)).toEqual(source);
    // The restored database works: its identities continue past the restored rows, its triggers fire.
    const next = await target.kysely
      .insertInto('agents')
      .values({ id: 'after-restore', name: 'A', logo: '', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe('after-restore');
    await target.kysely.deleteFrom('agents').where('id', '=', 'after-restore').execute();
  });

  it('refuses a database holding data unless --force, which replaces all of it', async () => {
    await target.kysely.updateTable('goods').set({ name: 'Changed' }).where('name', '=', 'Chips').execute();
    await expect(restore(target, file, { force: false, databaseUrl: targetUrl })).rejects.toThrow(
      /already holds data \(table \w+ has rows\); restore refuses to overwrite it. --force replaces everything/,
    );
    await restore(target, file, { force: true, databaseUrl: targetUrl });
    expect(await contents(target)).toEqual(await contents(t.db));
  });

  it('says what is wrong with the file: missing, not a backup, an existing one, another database kind', async () => {
    const options = { force: true, databaseUrl: targetUrl };
    await expect(restore(target, path.join(dir, 'none.backup'), options)).rejects.toThrow(
      /^No file at .*none.backup\.$/,
    );
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a backup at all');
    await expect(restore(target, text, options)).rejects.toThrow(
      /notes.txt is not a Vendo backup \(neither a SQLite database nor a pg_dump custom-format archive\)/,
    );
    await expect(backup(t.db, file, url)).rejects.toThrow(/already exists: choose a new file name/);
    const plain = path.join(dir, 'plain.sqlite');
    new SQLite(plain).exec('create table x (n integer)');
    await expect(restore(target, plain, options)).rejects.toThrow(
      dialect === 'sqlite'
        ? /not a Vendo backup \(a SQLite database without Vendo migrations\)/
        : /is a SQLite backup; this server uses PostgreSQL/,
    );
    // Nothing was touched by the refusals.
    expect(await contents(target)).toEqual(await contents(t.db));
  });

  it('changes nothing when the backup breaks off (a damaged file)', async () => {
    const damaged = path.join(dir, 'damaged.backup');
    const whole = fs.readFileSync(file);
    // PostgreSQL: the archive ends inside the data, after psql began (its transaction is dropped). SQLite: half the
    // pages (a file's last pages may be free ones, so a short cut can leave every row readable).
    fs.writeFileSync(
      damaged,
      whole.subarray(0, dialect === 'postgres' ? whole.length - 100 : whole.length / 2),
    );
    await expect(restore(target, damaged, { force: true, databaseUrl: targetUrl })).rejects.toThrow(
      dialect === 'postgres'
        ? /^The restore failed and changed nothing: pg_restore: error/
        : /damaged.backup is damaged/,
    );
    expect(await contents(target)).toEqual(await contents(t.db));
  });

  it('refuses a backup from a newer version (a migration this one does not know)', async () => {
    await t.db.kysely
      .insertInto('kysely_migration' as never)
      .values({ name: '9999-from-the-future', timestamp: new Date(0).toISOString() } as never)
      .execute();
    const newer = path.join(dir, 'newer.backup');
    try {
      await backup(t.db, newer, url);
    } finally {
      await sql`delete from kysely_migration where name = '9999-from-the-future'`.execute(t.db.kysely);
    }
    await expect(restore(target, newer, { force: true, databaseUrl: targetUrl })).rejects.toThrow(
      /made by a newer version of Vendo \(migrations 9999-from-the-future are unknown to this one\)/,
    );
    expect(await contents(target)).toEqual(await contents(t.db));
  });
});

describe('a SQLite backup while another process writes', () => {
  it('is a whole, consistent copy of one moment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-backup-busy-'));
    const live = await createDb({ sqliteFile: path.join(dir, 'vendo.sqlite') });
    await migrateToLatest(live);
    // A server's writes: another process adds an agent and a setting in each transaction, as fast as it can.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000');
         const agent = db.prepare("insert into agents values (?, 'A', '', 1)");
         const setting = db.prepare("insert into settings values (?, 'v')");
         const both = db.transaction((i) => { agent.run('w' + i); setting.run('w' + i); });
         console.log('ready');
         for (let i = 0; ; i++) both(i);`,
        path.join(dir, 'vendo.sqlite'),
      ],
      { cwd: __dirname, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => writer.stdout.once('data', resolve));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await backup(live, path.join(dir, 'busy.backup'));
      const during = await sql<{ n: number }>`select count(*) as n from agents`.execute(live.kysely);
      const copy = new SQLite(path.join(dir, 'busy.backup'), { readonly: true });
      expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
      const agents = (copy.prepare('select count(*) as n from agents').get() as { n: number }).n;
      const settings = (
        copy.prepare("select count(*) as n from settings where key like 'w%'").get() as { n: number }
      ).n;
      copy.close();
      expect(agents).toBeGreaterThan(0);
      expect(agents).toBeLessThanOrEqual(during.rows[0]!.n);
      // Both rows of every transaction, or neither.
      expect(settings).toBe(agents);
    } finally {
      writer.kill('SIGKILL');
      await live.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the backup and restore commands (SQLite)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-backup-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const command = async (dataDir: string, ...argv: string[]) => {
    const lines: string[] = [];
    const config = loadConfig({ VENDO_MODE: 'test', DATA_DIR: dataDir });
    const [name, ...args] = argv as ['backup' | 'restore', ...string[]];
    const code = await runBackupCommand(config, name, args, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };

  it("copy one data dir's database into a file and restore it into another, then migrate", async () => {
    const file = path.join(dir, 'nightly.backup');
    expect(await command(path.join(dir, 'empty'), 'backup', file)).toEqual({
      code: 1,
      out: `No database at ${path.join(dir, 'empty', 'vendo.sqlite')}: nothing to back up (is DATA_DIR right?).`,
    });
    expect((await command(dir, 'backup')).code).toBe(2);
    expect((await command(dir, 'backup', file, '--force')).out).toMatch(/^vendo backup FILE/);

    const live = await createDb({ sqliteFile: path.join(dir, 'live', 'vendo.sqlite') });
    await migrateToLatest(live);
    await live.kysely
      .insertInto('agents')
      .values({ id: 'a1', name: 'Agent', logo: '', created_at: 1 })
      .execute();
    // The server keeps its connection open while the backup is made.
    expect(await command(path.join(dir, 'live'), 'backup', file)).toEqual({
      code: 0,
      out: `Backed up sqlite:${path.join(dir, 'live', 'vendo.sqlite')} to ${file}`,
    });
    await live.destroy();
    const restored = await command(path.join(dir, 'other'), 'restore', file);
    expect(restored).toEqual({
      code: 0,
      out: `Restored ${file} into sqlite:${path.join(dir, 'other', 'vendo.sqlite')}; migrations up to date`,
    });
    expect(await command(path.join(dir, 'other'), 'restore', file)).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        /table agents has rows\); restore refuses to overwrite it. --force replaces/,
      ),
    });
    expect((await command(path.join(dir, 'other'), 'restore', file, '--force')).code).toBe(0);
    const other = await createDb({ sqliteFile: path.join(dir, 'other', 'vendo.sqlite') });
    expect(await other.kysely.selectFrom('agents').select('name').execute()).toEqual([{ name: 'Agent' }]);
    await other.destroy();
  });
});
