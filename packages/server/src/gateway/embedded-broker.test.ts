import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceTopics } from '@vendo/contract/device-protocol';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';

/*
 * The embedded broker on its own (no database): what any client can do to it before and after logging in.
 * The gateway's behaviour over it is in gateway.test.ts.
 */

const PREFIX = 'vendo';
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
/** Every sn may log in with the secret 'ok' and its own client id. */
const directory = {
  authenticate: async (sn: string, secret: string, clientId: string) =>
    secret === 'ok' && clientId === `c${sn}`,
};

let broker: EmbeddedBroker | null = null;
afterEach(async () => {
  await broker?.close();
  broker = null;
});

const start = async () => {
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', prefix: PREFIX, directory, log: quiet });
  return broker;
};

const connect = (b: EmbeddedBroker, sn: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${b.port}`, {
    clientId: `c${sn}`,
    username: sn,
    password: 'ok',
    protocolVersion: 4,
    reconnectPeriod: 0,
  });

describe('embedded broker', () => {
  it('delivers a flood of machine messages queued at once to the gateway without exhausting the stack', async () => {
    const b = await start();
    const received: string[] = [];
    await b.link.subscribe([`${PREFIX}/d/+/report`], false, (topic) => received.push(topic));
    // A machine subscribed to its commands: deliveries to it finish a tick later, so the broker's emitter
    // reaches its concurrency and queues what comes next (as when thousands of machines publish together).
    const machine = await connect(b, '1001');
    try {
      await machine.subscribeAsync(deviceTopics(PREFIX, '1001').command, { qos: 0 });
      const busy: Array<Promise<void>> = [];
      for (let i = 0; i < 200; i++)
        busy.push(b.link.publish(deviceTopics(PREFIX, '1001').command, '{}', { qos: 0 }));
      const flood: Array<Promise<void>> = [];
      for (let i = 0; i < 20_000; i++)
        flood.push(b.link.publish(deviceTopics(PREFIX, String(2000 + (i % 50))).report, '{}', { qos: 0 }));
      await Promise.all([...busy, ...flood]);
      expect(received).toHaveLength(20_000);
    } finally {
      await machine.endAsync(true);
    }
  });
});
