import { afterAll } from 'vitest';
import { schemaPool } from './schema-pool';

// Each test file's pooled PostgreSQL schemas go when its last test has run (see schema-pool.ts).
afterAll(async () => {
  await schemaPool.drain();
});
