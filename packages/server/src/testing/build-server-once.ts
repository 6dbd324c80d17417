import { BUILD_ERROR_ENV, ensureServerBuild } from './server-process';

/**
 * Global setup of the server tests: compiles `vendo serve` (packages/server/dist/main.js) once per run, only when
 * it is missing or older than the sources, for the tests that start it as a child process (server-process.ts).
 * Run before any test file, so two test files never build it at the same time. A failed build fails only the
 * tests that start the server (startServerProcess throws it), not the whole run.
 */
export default function setup(): void {
  try {
    ensureServerBuild();
  } catch (error) {
    process.env[BUILD_ERROR_ENV] = error instanceof Error ? error.message : String(error);
  }
}
