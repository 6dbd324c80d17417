/**
 * Child process of run.ts, the baseline: the same broker (aedes) with no authentication, no gateway and no
 * database; an in-process subscriber only counts the reports. What is left of the gateway's rate against this
 * is the cost of Vendo's own work.
 */
import net from 'node:net';
import { Aedes } from 'aedes';

const broker = await Aedes.createBroker({ maxClientsIdLength: 64 });
const server = net.createServer((socket) => broker.handle(socket));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let received = 0;
await new Promise<void>((resolve) =>
  broker.subscribe(
    `${process.env['MQTT_TOPIC_PREFIX'] ?? 'vendo'}/d/+/report`,
    (_packet, done) => {
      received++;
      done();
    },
    resolve,
  ),
);

const send = (message: object) => process.send?.(message);
send({ kind: 'ready', port });
const timer = setInterval(() => {
  send({
    kind: 'stats',
    received,
    written: received,
    clients: broker.connectedClients,
    rss: process.memoryUsage().rss,
  });
}, 250);

process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  broker.close(() => server.close(() => process.exit(0)));
});
