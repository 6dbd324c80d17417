import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runComment, SCHEMA_RUN_ENV } from './schema-pool';

/**
 * Global setup of the server tests: names the run, whose pooled PostgreSQL test schemas (schema-pool.ts) go on
 * from one test file to the worker's next; the teardown drops those still pooled when the run ends. Only this run's:
 * other runs on the same database mark theirs with their own name.
 */
export default function setup(): () => Promise<void> {
  const run = randomBytes(6).toString('hex');
  process.env[SCHEMA_RUN_ENV] = run;
  return async () => {
    const url = process.env['DATABASE_URL'];
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where obj_description(oid, 'pg_namespace') = $1`,
        [runComment(run)],
      );
      for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    } finally {
      await client.end();
    }
  };
}
