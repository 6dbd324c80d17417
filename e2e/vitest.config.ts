import { defineConfig } from 'vitest/config';

// Browser tests: each file starts a real server on its own port and drives Debian's chromium at phone size.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // Fails a test on any content security policy violation its pages reported.
    setupFiles: ['./support/setup.ts'],
    // Compiles the server and seeds the demo data the tests start from, once per run.
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two files at a time: each has its own server, port, data directory and browser, and a file spends much of its
    // time waiting on its server or the page, so two share the two cores of a CI machine well.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
