import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';

const url = process.env['DATABASE_URL'];

describe.runIf(url)('PostgreSQL migrations beside other schemas', () => {
  it('migrate while other schemas are created and dropped around them', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let stop = false;
    // Another deployment or test run on the same database creating and dropping its schema all the time.
    const churning = (async () => {
      while (!stop) {
        const other = `churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`CREATE SCHEMA "${other}"`);
        await churn.query(`CREATE TABLE "${other}".t (id serial primary key, v text)`);
        await churn.query(`DROP SCHEMA "${other}" CASCADE`);
      }
    })();
    const schemas: string[] = [];
    try {
      for (let round = 0; round < 4; round++) {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        schemas.push(schema);
        const db = await createDb({ databaseUrl: url, schema });
        try {
          const applied = await migrateToLatest(db);
          expect(applied.length).toBeGreaterThan(0);
          const tables = await db.kysely.introspection.getTables();
          expect(tables.every((table) => table.schema === schema)).toBe(true);
          expect(tables.map((table) => table.name)).toContain('users');
          expect(await migrateToLatest(db)).toEqual([]);
        } finally {
          await db.destroy();
        }
      }
    } finally {
      stop = true;
      await churning;
      for (const schema of schemas) await churn.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await churn.end();
    }
  }, 120_000);
});
