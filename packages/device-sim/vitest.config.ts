import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'device-sim', include: ['src/**/*.test.ts'], passWithNoTests: true, testTimeout: 20_000 },
});
