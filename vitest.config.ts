import { defineConfig } from 'vitest/config';

// One run for every package; each package's own config names its tests and environment.
export default defineConfig({
  test: {
    // Vitest would take one worker on a 2-core machine (cores − 1); the server tests mostly wait on the database
    // and the broker, so two run beside each other in a little over two thirds of the time.
    maxWorkers: 2,
    projects: ['packages/contract', 'packages/server', 'packages/web', 'packages/device-sim'],
  },
});
