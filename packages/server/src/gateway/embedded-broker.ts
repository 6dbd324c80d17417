import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import {
  MAX_PACKET_BYTES,
  PROTOCOL_VERSION,
  deviceTopics,
  machineMayPublish,
  machineMaySubscribe,
  parsePayload,
  presenceMessage,
  type PresenceMessage,
} from '@vendo/contract/device-protocol';
import type { BrokerLink } from './broker-link';
import type { GatewayLog, MachineDirectory } from './machine-ports';

/** The MQTT port is held by another program; the message says what to do about it. */
export class MqttPortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `MQTT port ${port} is already in use (another MQTT broker?). Set MQTT_PORT to a free port (0 picks one), ` +
        `or set MQTT_URL=mqtt://host:${port} to use that broker instead of the embedded one.`,
    );
  }
}

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  prefix: string;
  directory: MachineDirectory;
  log: GatewayLog;
  /** How long an event's PUBACK may wait for its event-ack (default HOLD_MAX_MS; tests shorten it). */
  holdAnswersMs?: number;
}

export interface EmbeddedBroker {
  link: BrokerLink;
  /** The port listened on (the chosen one when 0 was asked for). */
  port: number;
  connectedClients(): number;
  close(): Promise<void>;
}

interface Identity {
  sn: string;
  /** The connection id of the online presence this client published, until it says offline for it. */
  announced: string | null;
  client: Client;
  /** Events of this client whose answers are held (its socket corked) until their event-ack is written. */
  held: number;
  /** When the oldest held answer started waiting (ms). */
  heldSince: number;
}

/**
 * How long an event's PUBACK may wait for its event-ack before it goes out alone: longer than a busy group
 * commit, short enough that a machine whose event is never acknowledged (failed, unknown) hears its PUBACK, its
 * PINGRESPs and its commands soon.
 */
const HOLD_MAX_MS = 2_000;

// CONNACK return codes of MQTT 3.1.1.
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

/**
 * The default broker: aedes in this process. Machines authenticate with sn and device secret and may only use
 * their own topics (the rules live in the contract: machineMayPublish / machineMaySubscribe); a publish
 * elsewhere closes the connection, a subscribe elsewhere is refused in the SUBACK. The gateway reads and writes
 * in-process, without a socket of its own.
 *
 * Presence follows the connections: when the connection of a machine that announced itself online closes
 * without an offline for that announcement (no will, or a DISCONNECT without saying goodbye), the broker
 * publishes that offline presence for it, retained, as its will would have. A packet bigger than
 * MAX_PACKET_BYTES closes the connection as soon as its header arrives.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { prefix, directory, log } = options;
  const identities = new WeakMap<Client, Identity>();
  // Machines with held answers, by sn: the event-ack published for one releases them (holdAnswers).
  const holding = new Map<string, Identity>();

  // Closed while the gateway has no room for more events (its delivery answered a promise): a machine's next
  // event waits at authorization, before aedes reads anything more from that machine or queues the event in its
  // emitter. Holding the emitter instead would also hold the acknowledgements the gateway publishes behind it.
  let gate: Promise<void> | null = null;

  const broker = await Aedes.createBroker({
    // A machine id can be long (clientids of other vendors); 3.1.1 clients are not limited by this anyway.
    maxClientsIdLength: 64,
    // Deeper topics than ours are never legitimate.
    maxTopicLevels: 8,
    heartbeatInterval: 60_000,
    connectTimeout: 10_000,
    drainTimeout: 30_000,
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      const refuse = (code: number) => {
        const error = new Error('refused') as AuthenticateError;
        (error as { returnCode: number }).returnCode = code;
        done(error, false);
      };
      if (!username || !secret) return refuse(BAD_USERNAME_OR_PASSWORD);
      directory.authenticate(username, secret, client.id).then(
        (ok) => {
          if (!ok) {
            log.warn({ sn: username, clientId: client.id }, 'machine refused: bad sn, secret or client id');
            return refuse(BAD_USERNAME_OR_PASSWORD);
          }
          identities.set(client, { sn: username, announced: null, client, held: 0, heldSince: 0 });
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error, sn: username }, 'machine authentication failed');
          refuse(NOT_AUTHORIZED);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      if (!client) return callback(null);
      const identity = identities.get(client);
      if (identity && machineMayPublish(prefix, identity.sn, packet.topic)) {
        const topics = deviceTopics(prefix, identity.sn);
        if (packet.topic === topics.status) notePresence(identity, packet.payload);
        if (packet.topic === topics.event && packet.qos > 0) holdAnswers(identity);
        const waiting = gate;
        if (waiting && packet.topic === topics.event) return void waiting.then(() => callback(null));
        return callback(null);
      }
      log.warn({ sn: identity?.sn ?? null, topic: packet.topic }, 'publish refused');
      callback(new Error('publish not authorized'));
    },
    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      if (identity && machineMaySubscribe(prefix, identity.sn, subscription.topic))
        return callback(null, subscription);
      log.warn({ sn: identity?.sn ?? null, topic: subscription.topic }, 'subscribe refused');
      callback(null, null);
    },
  });

  broker.on('clientError', (client, error) => {
    log.debug({ clientId: client.id, err: error.message }, 'mqtt client error');
  });
  broker.on('connectionError', (_client, error) => {
    log.debug({ err: error.message }, 'mqtt connection refused before login');
  });
  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client);
    if (identity && holding.get(identity.sn) === identity) holding.delete(identity.sn);
    if (!identity?.announced || broker.closed) return;
    // The connection is gone and nothing said so: say it for the machine (its will would have).
    const gone: PresenceMessage = { v: PROTOCOL_VERSION, online: false, conn: identity.announced };
    identity.announced = null;
    log.debug({ sn: identity.sn, conn: gone.conn }, 'machine connection closed without an offline presence');
    broker.publish(
      {
        cmd: 'publish',
        topic: deviceTopics(prefix, identity.sn).status,
        payload: Buffer.from(JSON.stringify(gone)),
        qos: 1,
        retain: true,
        dup: false,
      },
      (error) => {
        if (error) log.warn({ sn: identity.sn, err: error.message }, 'publishing an offline presence failed');
      },
    );
  });

  /**
   * An event's PUBACK and its event-ack, written a commit apart, cost the broker two socket writes per sale (a
   * quarter of its thread at full load, issue 13). The machine's socket is corked from the event's arrival until
   * its event-ack is written, so both leave in one write. The PUBACK waits for the commit too, which QoS 1 allows
   * (the event is the machine's to resend until its event-ack anyway). A hold left without an event-ack (an event
   * that failed, a gateway stopping) is released by the sweep after holdAnswersMs.
   */
  function holdAnswers(identity: Identity): void {
    identity.client.conn.cork();
    if (identity.held++ === 0) identity.heldSince = Date.now();
    holding.set(identity.sn, identity);
  }

  // All of the machine's held answers at once: an event that failed (no event-ack of its own) is released with the
  // next one, or by the sweep; a second event still waiting only loses the merged write.
  function releaseAnswers(identity: Identity): void {
    const count = identity.held;
    identity.held = 0;
    for (let i = 0; i < count; i++) identity.client.conn.uncork();
    if (holding.get(identity.sn) === identity) holding.delete(identity.sn);
  }

  const holdMs = options.holdAnswersMs ?? HOLD_MAX_MS;
  const sweep = setInterval(() => {
    const before = Date.now() - holdMs;
    for (const identity of holding.values()) if (identity.heldSince < before) releaseAnswers(identity);
  }, holdMs / 4);
  sweep.unref();

  // No Nagle: an event's PUBACK and, a few ms later, its event-ack are two small writes to the same machine; with
  // Nagle the second waited for the machine's TCP ACK of the first, which it delays up to 40 ms (issue 13).
  const server = net.createServer({ noDelay: true }, (socket) => {
    const client = broker.handle(socket);
    if (!limitPacketSize(client, MAX_PACKET_BYTES)) {
      log.error({}, 'cannot bound MQTT packet sizes with this aedes version: connection refused');
      socket.destroy();
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new MqttPortInUseError(options.port);
    throw error;
  }
  server.on('error', (error) => log.error({ err: error }, 'mqtt listener error'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const link: BrokerLink = {
    kind: 'embedded',
    get connected() {
      return !broker.closed;
    },
    async subscribe(filters, _shared, onMessage) {
      // In-process subscribers see every publish on the filters. `done` releases the broker's emitter to its
      // next queued message: called synchronously it would recurse through the whole queue (thousands of
      // machines publishing at once overflowed the stack), so it is called on the next turn, as aedes does.
      // When the gateway answers a promise (too many events waiting), machines' further events wait at the gate
      // (authorizePublish) until it settles — backpressure without holding the emitter.
      for (const filter of filters) {
        await new Promise<void>((resolve) =>
          broker.subscribe(
            filter,
            (packet, done) => {
              setImmediate(done);
              const held = onMessage(
                packet.topic,
                Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
              );
              if (!held) return;
              const closed = held.then(
                () => undefined,
                () => undefined,
              );
              gate = closed;
              void closed.then(() => {
                if (gate === closed) gate = null;
              });
            },
            resolve,
          ),
        );
      }
    },
    publish(topic, payload, { qos, retain = false }) {
      const held =
        holding.size > 0 && topic.endsWith(EVENT_ACK_SUFFIX) ? holding.get(snOf(topic)) : undefined;
      return new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false },
          (error) => {
            // Written (or failed): the event-ack leaves with the PUBACK it held.
            if (held) releaseAnswers(held);
            if (error) reject(error);
            else resolve();
          },
        ),
      );
    },
    async close() {
      clearInterval(sweep);
      for (const identity of holding.values()) releaseAnswers(identity);
      // Closing the listener alone waits for every client; closing the broker first ends their connections.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  return { link, port, connectedClients: () => broker.connectedClients, close: () => link.close() };
}

const EVENT_ACK_SUFFIX = '/event-ack';

/** The sn in `<prefix>/d/<sn>/event-ack`. */
function snOf(eventAckTopic: string): string {
  const end = eventAckTopic.length - EVENT_ACK_SUFFIX.length;
  return eventAckTopic.slice(eventAckTopic.lastIndexOf('/', end - 1) + 1, end);
}

/** Follows what a machine says on its status topic: the connection it announced online, until it says offline. */
function notePresence(identity: Identity, payload: Buffer | string): void {
  const message = parsePayload(presenceMessage, payload);
  if (!message) return;
  if (message.online) identity.announced = message.conn;
  else if (identity.announced === message.conn) identity.announced = null;
}

/** What limitPacketSize needs of aedes' per-connection parser (mqtt-packet's Parser). */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

function isPacketParser(value: unknown): value is PacketParser {
  const parser = value as Partial<PacketParser> | undefined;
  return (
    typeof parser?._parseLength === 'function' &&
    typeof parser._emitError === 'function' &&
    typeof parser.packet === 'object'
  );
}

/**
 * Makes the client's parser fail a packet whose header announces more than `max` bytes, before it buffers the
 * rest (mqtt-packet has no maximum of its own and would collect the whole packet in memory). The failure
 * closes the connection like any malformed packet. False when the parser is not the one this was written for.
 */
function limitPacketSize(client: Client, max: number): boolean {
  const parser: unknown = (client as unknown as { _parser?: unknown })._parser;
  if (!isPacketParser(parser)) return false;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    if (!parseLength()) return false;
    const remaining = parser.packet.length;
    // Fixed header: one byte and the 1..4 bytes of the remaining length.
    const total =
      1 + (remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4) + remaining;
    if (total <= max) return true;
    parser._emitError(new Error(`packet of ${total} bytes exceeds the maximum of ${max}`));
    return false;
  };
  return true;
}
