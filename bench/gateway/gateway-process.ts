/**
 * Child process of run.ts: one Vendo gateway as `vendo serve` runs it (database, devices module, embedded broker
 * with sn/secret authentication), reporting its counters and memory to the parent over IPC.
 */
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { startEmbeddedBroker } from '../../packages/server/src/gateway/embedded-broker';
import { openDatabase } from '../../packages/server/src/runtime';

const config = loadConfig();
const db = await openDatabase(config);
const { app, services } = await buildApp({ config, db, logger: { level: 'warn' } });
const { gateway, machines, gatewayEvents } = services.devices;
// --store none (run.ts): every event answered stored at once, nothing written. Not the product: the ceiling of
// the MQTT side alone (broker, parsing, validation, the event-ack), to tell it from the database's share.
if (process.env['BENCH_GATEWAY_STORE'] === 'none')
  gatewayEvents.recordBatch = (batch) => Promise.resolve(batch.map(() => ({ outcome: 'stored' as const })));
const broker = await startEmbeddedBroker({
  port: 0,
  host: '127.0.0.1',
  prefix: config.mqttTopicPrefix,
  directory: machines,
  log: app.log,
});
await gateway.start(broker.link);

const send = (message: object) => process.send?.(message);
send({ kind: 'ready', port: broker.port });
const timer = setInterval(() => {
  send({
    kind: 'stats',
    received: gateway.stats.reports,
    written: gateway.stats.reportsWritten,
    events: gateway.stats.events,
    stored: gateway.stats.eventsStored,
    clients: broker.connectedClients(),
    rss: process.memoryUsage().rss,
  });
}, 250);
// The process' CPU (every thread, µs) when the load generator asks: its share of a measured window.
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  send({ kind: 'cpu', cpu: user + system });
});

process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  void gateway
    .stop()
    .then(() => broker.close())
    .then(() => app.close())
    .then(() => db.destroy())
    .finally(() => process.exit(0));
});
