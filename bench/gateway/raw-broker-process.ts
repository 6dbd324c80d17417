/**
 * Child process of run.ts, the baseline: the same broker (aedes) with no authentication, no gateway and no
 * database; an in-process subscriber only counts the reports and the events (QoS 1: aedes sends the PUBACK once
 * the subscriber is done). With BENCH_ECHO_ACKS=1 it also answers each event on its event-ack topic at once. What is left of the gateway's rate against this is the cost of Vendo's own work.
 */
import net from 'node:net';
import { Aedes } from 'aedes';
import { EVENT_ACK_QOS } from '../../packages/server/src/gateway/device-gateway';

const broker = await Aedes.createBroker({ maxClientsIdLength: 64 });
// As the embedded broker: no Nagle on the machines' connections.
const server = net.createServer({ noDelay: true }, (socket) => broker.handle(socket));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const prefix = process.env['MQTT_TOPIC_PREFIX'] ?? 'vendo';

let received = 0;
let events = 0;
const count = (filter: string, counted: () => void) =>
  new Promise<void>((resolve) =>
    broker.subscribe(
      filter,
      (_packet, done) => {
        counted();
        done();
      },
      resolve,
    ),
  );
await count(`${prefix}/d/+/report`, () => received++);
if (process.env['BENCH_ECHO_ACKS'] === '1') {
  // The device protocol's second exchange with no work between: each event answered at once on the machine's
  // event-ack topic at the gateway's QoS (0 since decision 053), as the gateway answers it after the commit. The
  // fair ceiling for the sale path.
  await new Promise<void>((resolve) =>
    broker.subscribe(
      `${prefix}/d/+/event`,
      (packet, done) => {
        events++;
        done();
        const sn = packet.topic.split('/')[2];
        const { id } = JSON.parse(packet.payload.toString()) as { id: string };
        const ack = JSON.stringify({ v: 1, id, status: 'stored' });
        broker.publish(
          {
            cmd: 'publish',
            topic: `${prefix}/d/${sn}/event-ack`,
            payload: Buffer.from(ack),
            qos: EVENT_ACK_QOS,
            retain: false,
            dup: false,
          },
          () => undefined,
        );
      },
      resolve,
    ),
  );
} else {
  await count(`${prefix}/d/+/event`, () => events++);
}

const send = (message: object) => process.send?.(message);
send({ kind: 'ready', port });
const timer = setInterval(() => {
  send({
    kind: 'stats',
    received,
    written: received,
    events,
    stored: events,
    clients: broker.connectedClients,
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
  broker.close(() => server.close(() => process.exit(0)));
});
