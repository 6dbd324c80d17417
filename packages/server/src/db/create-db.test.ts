import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StatementCache, createDb } from './create-db';

describe('SQLite transactions', () => {
  it('take the write lock when they begin, so a read-then-write never meets a busy snapshot', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-db-')), 'shared.sqlite');
    const db = await createDb({ sqliteFile: file });
    // Another process, as the CLI beside a running server: it must not get the write lock while ours is held.
    const other = new SQLite(file, { timeout: 0 });
    try {
      await sql`create table counter (n integer not null)`.execute(db.kysely);
      await sql`insert into counter values (0)`.execute(db.kysely);
      let otherCouldWrite: boolean | undefined;
      await db.kysely.transaction().execute(async (trx) => {
        await sql`select n from counter`.execute(trx);
        try {
          other.exec('begin immediate');
          other.exec('rollback');
          otherCouldWrite = true;
        } catch {
          otherCouldWrite = false;
        }
        await sql`update counter set n = n + 1`.execute(trx);
      });
      expect(otherCouldWrite).toBe(false);
      other.exec('begin immediate');
      other.exec('update counter set n = n + 10');
      other.exec('commit');
      const after = await sql<{ n: number }>`select n from counter`.execute(db.kysely);
      expect(after.rows[0]!.n).toBe(11);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});

describe('SQLite statement cache', () => {
  it('reuses a statement per SQL text and answers each call with its own parameters', async () => {
    const db = await createDb({ sqliteFile: ':memory:' });
    const k = db.kysely;
    try {
      await sql`create table settings (key text primary key, value text not null)`.execute(k);
      for (const key of ['a', 'b', 'c'])
        await k
          .insertInto('settings')
          .values({ key, value: `${key}!` })
          .execute();
      const values: string[] = [];
      for (const key of ['c', 'a', 'b', 'a']) {
        const row = await k.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
        values.push(row?.value ?? '');
      }
      expect(values).toEqual(['c!', 'a!', 'b!', 'a!']);
    } finally {
      await db.destroy();
    }
  });

  it('keeps at most max statements, dropping the least recently used', () => {
    const cache = new StatementCache(new SQLite(':memory:'), 3);
    try {
      const a = cache.prepare('select 1 as n');
      const b = cache.prepare('select 2 as n');
      cache.prepare('select 3 as n');
      expect(cache.prepare('select 1 as n')).toBe(a);
      cache.prepare('select 4 as n');
      expect(cache.size).toBe(3);
      // 'select 2' was the least recently used: it was dropped and is compiled again.
      const again = cache.prepare('select 2 as n');
      expect(again).not.toBe(b);
      expect(again.all([])).toEqual([{ n: 2 }]);
      expect(cache.size).toBe(3);
      expect(cache.prepare('select 1 as n')).toBe(a);
      // A statement still iterating is busy: the same text meanwhile gets a statement of its own.
      const iterating = cache.prepare('select 1 as n union all select 2');
      const rows = iterating.iterate([]);
      rows.next();
      expect(cache.prepare('select 1 as n union all select 2')).not.toBe(iterating);
      expect(cache.prepare('select 1 as n union all select 2').all([])).toHaveLength(2);
      rows.return?.();
    } finally {
      cache.close();
    }
  });
});
