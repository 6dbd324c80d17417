import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db';

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
