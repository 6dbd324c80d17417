import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalCheckpointer } from './wal-checkpointer';

const quiet = { error() {} };
const PAGE = 4096;

/** Decision 063: the WAL is copied into the database file by a thread of its own, never by the committer. */
describe('WalCheckpointer', () => {
  let dir: string;
  let file: string;
  let connection: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-wal-'));
    file = path.join(dir, 'vendo.sqlite');
    connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = FULL');
    connection.exec('create table blobs (id integer primary key, body blob not null)');
  });
  afterEach(() => {
    if (connection.open) connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** 3,000 pages of rows in 30 commits: three times SQLite's own checkpoint line of 1,000 pages. */
  const writePages = () => {
    const insert = connection.prepare('insert into blobs (body) values (?)');
    const body = Buffer.alloc(PAGE - 200, 7);
    for (let commit = 0; commit < 30; commit++) {
      connection.transaction(() => {
        for (let row = 0; row < 100; row++) insert.run(body);
      })();
    }
  };
  const fileSize = () => fs.statSync(file).size;

  it("leaves the log to its thread: the server's commits copy nothing into the file, the thread's last checkpoint does", async () => {
    const checkpointer = new WalCheckpointer({ file, connection, log: quiet, intervalMs: 60_000 }).start();
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writePages();
    // Without the checkpointer SQLite would have copied the log into the file three times by now.
    expect(fileSize()).toBeLessThan(10 * PAGE);
    await checkpointer.close();
    expect(fileSize()).toBeGreaterThan(3000 * PAGE);
    expect(checkpointer.last).toEqual({ log: expect.any(Number), checkpointed: checkpointer.last?.log });
    // Closed, the server's connection checkpoints by itself again.
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('checkpoints while the server writes, every interval', async () => {
    const checkpointer = new WalCheckpointer({ file, connection, log: quiet, intervalMs: 20 }).start();
    try {
      writePages();
      await expect.poll(fileSize, { timeout: 10_000, interval: 20 }).toBeGreaterThan(3000 * PAGE);
      const rows = connection.prepare('select count(*) as n from blobs').get() as { n: number };
      expect(rows.n).toBe(3000);
    } finally {
      await checkpointer.close();
    }
  });
});
