/**
 * Child process of run.ts: the baseline, a bare Fastify route answering a small envelope like a call does, with
 * no database, session or validation behind it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ rcode: 0, msg: 'ok', result: { data: [], count: 0 } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ kind: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
