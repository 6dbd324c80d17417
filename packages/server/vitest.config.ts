import { defineConfig } from 'vitest/config';

/**
 * Server test files that measure their own process (import-limits: the peak resident memory of an import, which
 * a worker that ran other files before has already raised): they run in a fresh process each, in the project of
 * vitest.isolated.config.ts.
 */
export const OWN_PROCESS = ['src/modules/catalog/import-limits.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: OWN_PROCESS,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A worker runs its files one after another in one module graph instead of importing the server (fastify,
    // kysely, the modules) again for each file: the import was a third of a small file's time. No server test
    // mocks a module, fakes timers or changes the environment; each builds its own app and database.
    isolate: false,
    globalSetup: [
      // The compiled server, for the tests that start `vendo serve` as a process (testing/server-process.ts).
      'src/testing/build-server-once.ts',
      // Names the run whose pooled PostgreSQL schemas go on from file to file, and drops them at its end.
      'src/testing/schema-pool-global.ts',
    ],
    // Drops the file's pooled PostgreSQL test schemas after its last test when no run marks them (schema-pool.ts).
    setupFiles: ['src/testing/schema-pool-setup.ts'],
  },
});
