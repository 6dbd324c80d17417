import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PACKET_BYTES, deviceTopics } from '@vendo/contract/device-protocol';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';

/*
 * The embedded broker on its own (no database): what any client can do to it before and after logging in.
 * The gateway's behaviour over it is in gateway.test.ts.
 */

const PREFIX = 'vendo';
/** What the broker logged, as `message: err` lines. */
const logged: string[] = [];
const note = (obj: object, msg?: string) => {
  logged.push(`${msg ?? ''}: ${String((obj as { err?: unknown }).err ?? '')}`);
};
const log = { info: note, warn: note, error: note, debug: note };
/** Every sn may log in with the secret 'ok' and its own client id. */
const directory = {
  authenticate: async (sn: string, secret: string, clientId: string) =>
    secret === 'ok' && clientId === `c${sn}`,
};

let broker: EmbeddedBroker | null = null;
afterEach(async () => {
  await broker?.close();
  broker = null;
  logged.length = 0;
});

const start = async (holdAnswersMs?: number) => {
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    prefix: PREFIX,
    directory,
    log,
    ...(holdAnswersMs === undefined ? {} : { holdAnswersMs }),
  });
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
    await b.link.subscribe([`${PREFIX}/d/+/report`], false, (topic) => {
      received.push(topic);
    });
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

  it("holds machines' next events while the gateway has no room, and still delivers what the gateway publishes", async () => {
    const b = await start();
    const received: string[] = [];
    let open: () => void = () => undefined;
    await b.link.subscribe([`${PREFIX}/d/+/event`], false, (_topic, payload) => {
      received.push(payload.toString());
      // The first event fills the gateway: nothing more until it says so.
      if (received.length === 1) return new Promise<void>((resolve) => (open = resolve));
      return undefined;
    });
    const [m1, m2] = [await connect(b, '1001'), await connect(b, '1002')];
    try {
      const acks: string[] = [];
      await m2.subscribeAsync(deviceTopics(PREFIX, '1002').eventAck, { qos: 1 });
      m2.on('message', (_topic, payload) => acks.push(payload.toString()));
      await m1.publishAsync(deviceTopics(PREFIX, '1001').event, 'one', { qos: 1 });
      const second = m2.publishAsync(deviceTopics(PREFIX, '1002').event, 'two', { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual(['one']);
      // What the gateway publishes meanwhile (acknowledgements of committed events) is not held.
      await b.link.publish(deviceTopics(PREFIX, '1002').eventAck, 'ack', { qos: 1 });
      await vi.waitFor(() => expect(acks).toEqual(['ack']));
      open();
      await second;
      await vi.waitFor(() => expect(received).toEqual(['one', 'two']));
    } finally {
      await Promise.all([m1.endAsync(true), m2.endAsync(true)]);
    }
  });

  it("sends an event's PUBACK with its event-ack in one write, and a PUBACK left without one after the hold", async () => {
    const b = await start(300);
    const events: string[] = [];
    await b.link.subscribe([`${PREFIX}/d/+/event`], false, (_topic, payload) => {
      events.push(payload.toString());
      return undefined;
    });
    const topics = deviceTopics(PREFIX, '1001');
    const machine = await connect(b, '1001');
    try {
      await machine.subscribeAsync(topics.eventAck, { qos: 0 });
      // What the machine's socket reads, and the packets it makes of them.
      const reads: Buffer[] = [];
      machine.stream.prependListener('data', (chunk: Buffer) => reads.push(chunk));
      const received: string[] = [];
      machine.on('packetreceive', (packet) => received.push(packet.cmd));

      void machine.publishAsync(topics.event, 'sale 1', { qos: 1 });
      await vi.waitFor(() => expect(events).toEqual(['sale 1']));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Stored or not, the gateway has not answered yet: neither has the broker.
      expect(received).toEqual([]);
      await b.link.publish(topics.eventAck, 'ack 1', { qos: 0 });
      await vi.waitFor(() => expect(received).toEqual(['puback', 'publish']));
      expect(reads).toHaveLength(1);

      // An event the gateway never answers (its store failed): its PUBACK still comes, after the hold.
      received.length = 0;
      const sent = Date.now();
      void machine.publishAsync(topics.event, 'sale 2', { qos: 1 });
      await vi.waitFor(() => expect(received).toEqual(['puback']), { timeout: 2_000 });
      expect(Date.now() - sent).toBeGreaterThanOrEqual(250);
    } finally {
      await machine.endAsync(true);
    }
  });

  it('closes a connection whose packet announces more than MAX_PACKET_BYTES, before the rest arrives', async () => {
    const b = await start();
    const received: string[] = [];
    await b.link.subscribe([`${PREFIX}/d/+/report`], false, (topic) => {
      received.push(topic);
    });
    const [big, other] = [await connect(b, '1001'), await connect(b, '1002')];
    try {
      // A packet of exactly the maximum passes.
      const topic = deviceTopics(PREFIX, '1001').report;
      await big.publishAsync(topic, Buffer.alloc(payloadFilling(topic, MAX_PACKET_BYTES), 0x20), { qos: 1 });
      expect(received).toEqual([topic]);

      // A PUBLISH announcing 250 MB: the broker closes the connection on its header. Only its first 64 KB are
      // ever sent, so a broker that waited to buffer the whole packet would never close it.
      const closed = closedPromise(big);
      rawStream(big).write(Buffer.concat([publishHeader(topic, 250_000_000), Buffer.alloc(65_536, 0x20)]));
      await closed;
      expect(big.connected).toBe(false);
      expect(logged).toContain(
        `mqtt client error: packet of ${5 + 2 + topic.length + 250_000_000} bytes exceeds the maximum of 65536`,
      );

      // Other machines are not affected.
      const otherTopic = deviceTopics(PREFIX, '1002').report;
      await other.publishAsync(otherTopic, '{"v":1,"rssi":3}', { qos: 1 });
      expect(received).toEqual([topic, otherTopic]);
      expect(b.connectedClients()).toBe(1);
    } finally {
      await Promise.allSettled([big.endAsync(true), other.endAsync(true)]);
    }
  });

  it('closes a connection announcing an oversized CONNECT, before any login', async () => {
    const b = await start();
    const socket = net.connect(b.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // CONNECT (0x10) with a remaining length one byte over the maximum, and nothing after it.
    socket.write(Buffer.from([0x10, ...varint(MAX_PACKET_BYTES)]));
    await closed;
    expect(logged).toContain(
      'mqtt connection refused before login: packet of 65540 bytes exceeds the maximum of 65536',
    );
  });
});

/** The MQTT "remaining length" encoding. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}

/** The payload size that makes a QoS 1 PUBLISH on `topic` exactly `total` bytes long, headers included. */
function payloadFilling(topic: string, total: number): number {
  const variable = 2 + Buffer.byteLength(topic) + 2;
  for (let lengthBytes = 1; lengthBytes <= 4; lengthBytes++) {
    const payload = total - 1 - lengthBytes - variable;
    if (varint(variable + payload).length === lengthBytes) return payload;
  }
  throw new Error(`no payload makes ${total} bytes`);
}

/** The start of a QoS 0 PUBLISH announcing `payloadBytes` of payload. */
function publishHeader(topic: string, payloadBytes: number): Buffer {
  const name = Buffer.from(topic);
  const remaining = 2 + name.length + payloadBytes;
  return Buffer.concat([
    Buffer.from([0x30, ...varint(remaining), name.length >> 8, name.length & 0xff]),
    name,
  ]);
}

function rawStream(client: MqttClient): net.Socket {
  return client.stream as unknown as net.Socket;
}

function closedPromise(client: MqttClient): Promise<void> {
  return new Promise((resolve) => rawStream(client).once('close', () => resolve()));
}
