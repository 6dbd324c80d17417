import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { SessionStore } from './platform/sessions';
import type { Db } from './db/create-db';
import { openDatabase } from './runtime';

/** The SQL of the session lookup every signed-in call makes (a prepared query: its text is fixed). */
async function sessionLookup(db: Db): Promise<string> {
  const prepare = vi.spyOn(db.sqlite!, 'prepare');
  try {
    await new SessionStore(db.kysely).find({ column: 'sessions.token_hash', value: 't3' });
    return prepare.mock.calls.map(([text]) => text).find((text) => text.includes('token_hash'))!;
  } finally {
    prepare.mockRestore();
  }
}

function planOf(db: SQLite.Database, query: string): string[] {
  const plan = db.prepare(`explain query plan ${query}`).all('t3') as Array<{ detail: string }>;
  return plan.map((step) => step.detail);
}

describe('openDatabase on SQLite', () => {
  it('refreshes statistics taken when a table was tiny, so the session lookup seeks its unique token', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-stats-'));
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '' });
    const first = await openDatabase(config);
    const lookup = await sessionLookup(first);
    await first.destroy();
    // The statistics of a young database: ANALYZE ran when there was one user with one session, then 40 more.
    const raw = new SQLite(path.join(dir, 'vendo.sqlite'));
    raw.pragma('foreign_keys = OFF');
    raw.exec(
      "insert into merchants (id, agent_id, name, business, phone, time_zone, created_at) values (1, 'a', 'M', 'b', '1', 'UTC', 0)",
    );
    const user = raw.prepare(
      "insert into users (merchant_id, username, is_main, password_hash, created_at, updated_at) values (1, ?, 1, 'x', 0, 0)",
    );
    const session = raw.prepare(
      "insert into sessions (user_id, token_hash, secret_hash, login_type, created_at, expires_at) values (?, ?, 's', 'common', 0, 0)",
    );
    const add = (from: number, to: number) => {
      for (let i = from; i < to; i++) session.run(user.run(`u${i}`).lastInsertRowid, `t${i}`);
    };
    add(0, 1);
    raw.exec('analyze');
    add(1, 41);
    // What the product met before it refreshed statistics: a scan of the whole table for one token.
    expect(planOf(raw, lookup)).toContain('SCAN sessions');
    raw.close();

    const db = await openDatabase(config);
    let plan: string[];
    try {
      plan = planOf(db.sqlite!, lookup);
    } finally {
      await db.destroy();
    }
    expect(plan.some((step) => /^SEARCH sessions USING INDEX .*\(token_hash=\?\)/.test(step))).toBe(true);
    expect(plan).not.toContain('SCAN sessions');
  });
});
