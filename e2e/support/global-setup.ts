import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_DATA_ENV, startServer } from './server';

/**
 * Global setup of the browser suite, once per run:
 * - compiles the server the tests start (scripts/build-server.mjs, about a second), so a run never meets a build
 *   older than the sources (the web app is built by `npm run test:e2e`);
 * - starts the demo once and keeps its data directory: the demo merchant, its machines and 90 days of seeded sales.
 *   Every test server starts on a copy (as `npm start` does on its second start), instead of spending ten seconds
 *   or more seeding the same history again.
 */
export default async function setup(): Promise<() => void> {
  const root = path.resolve(new URL('../..', import.meta.url).pathname);
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-e2e-demo-'));
  const demo = await startServer(
    { LOG_LEVEL: 'info' },
    { dataDir, ready: 'demo history seeded', timeoutMs: 300_000 },
  );
  await demo.stop();
  process.env[DEMO_DATA_ENV] = dataDir;
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
