import { afterAll } from 'vitest';
import { schemaPool } from './schema-pool';

// A test file's pooled PostgreSQL schemas go when its last test has run, unless the run's global setup marks them
// for the worker's next file (see schema-pool.ts).
afterAll(async () => {
  await schemaPool.drain();
});
