import { defineConfig } from 'vitest/config';

// One run for every package; each package's own config names its tests and environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web', 'packages/device-sim'],
  },
});
