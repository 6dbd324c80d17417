/**
 * Child process of run.ts: the Vendo API as `vendo serve` runs it, on the benchmark's database (its config comes
 * from the environment run.ts sets), listening on a free port; tells the parent the port over IPC.
 */
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/runtime';

const config = loadConfig();
const db = await openDatabase(config);
const { app } = await buildApp({ config, db, logger: { level: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ kind: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message) => {
  if (message !== 'stop') return;
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
