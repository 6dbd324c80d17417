import { defineConfig } from 'vitest/config';
import { OWN_PROCESS } from './vitest.config';

// The server test files that need a process of their own (vitest.config.ts's OWN_PROCESS), isolated as vitest
// isolates by default.
export default defineConfig({
  test: {
    name: 'server-own-process',
    include: OWN_PROCESS,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    isolate: true,
    setupFiles: ['src/testing/schema-pool-setup.ts'],
  },
});
