import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowStatement } from './sqlite-rows';

/** Rows made from arrays are the objects better-sqlite3 makes itself, whatever the statement. */
describe('RowStatement', () => {
  const database = () => {
    const db = new SQLite(':memory:');
    db.exec(`create table t (id integer primary key, name text, amount integer, at real, data blob);
      insert into t (name, amount, at, data) values ('a', 300, 1.5, x'01ff'), (null, null, null, null), ('"q"', -2, 0, x'');`);
    return db;
  };
  const texts = [
    'select * from t order by id',
    'select id, name as "x y", amount as "__proto__x", at from t where id > ? order by id desc',
    // Two columns of one name: the later one wins, as in better-sqlite3's objects.
    'select t.id, a.id, t.name from t join t as a on a.id = t.id + 1',
    'select count(*) as n, sum(amount) from t',
    'select id from t where id = -1',
  ];

  it.each(texts)('reads %s as better-sqlite3 does', (text) => {
    const db = database();
    try {
      const params = text.includes('?') ? [1] : [];
      const expected = db.prepare(text).all(...params);
      const statement = new RowStatement(db.prepare(text));
      expect(statement.reader).toBe(true);
      expect(statement.all(params)).toEqual(expected);
      expect([...statement.iterate(params)]).toEqual(expected);
      // Again: the compiled maker is reused.
      expect(statement.all(params)).toEqual(expected);
    } finally {
      db.close();
    }
  });

  it('keeps objects for a column named __proto__, and runs writers as they are', () => {
    const db = database();
    try {
      const text = 'select id as "__proto__", name from t where id = 1';
      const [row] = new RowStatement(db.prepare(text)).all([]) as Array<Record<string, unknown>>;
      const [own] = db.prepare(text).all() as Array<Record<string, unknown>>;
      expect(Object.getOwnPropertyNames(row)).toEqual(Object.getOwnPropertyNames(own));
      expect(Object.getPrototypeOf(row)).toBe(Object.getPrototypeOf(own));
      const insert = new RowStatement(db.prepare('insert into t (name) values (?)'));
      expect(insert.reader).toBe(false);
      expect(insert.run(['b'])).toMatchObject({ changes: 1, lastInsertRowid: 4 });
      const returning = new RowStatement(db.prepare('insert into t (name) values (?) returning id, name'));
      expect(returning.all(['c'])).toEqual([{ id: 5, name: 'c' }]);
    } finally {
      db.close();
    }
  });
});
