import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The compiled server, for the tests that start `vendo serve` as a process (testing/server-process.ts).
    globalSetup: ['src/testing/build-server-once.ts'],
    // Drops the file's pooled PostgreSQL test schemas after its last test (testing/schema-pool.ts).
    setupFiles: ['src/testing/schema-pool-setup.ts'],
  },
});
