import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { machineMayPublish, machineMaySubscribe } from '@vendo/contract/device-protocol';
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
}

// CONNACK return codes of MQTT 3.1.1.
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

/**
 * The default broker: aedes in this process. Machines authenticate with sn and device secret and may only use
 * their own topics (the rules live in the contract: machineMayPublish / machineMaySubscribe); a publish
 * elsewhere closes the connection, a subscribe elsewhere is refused in the SUBACK. The gateway reads and writes
 * in-process, without a socket of its own.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { prefix, directory, log } = options;
  const identities = new WeakMap<Client, Identity>();

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
          identities.set(client, { sn: username });
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
      if (identity && machineMayPublish(prefix, identity.sn, packet.topic)) return callback(null);
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

  const server = net.createServer((socket) => broker.handle(socket));
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
      for (const filter of filters) {
        await new Promise<void>((resolve) =>
          broker.subscribe(
            filter,
            (packet, done) => {
              setImmediate(done);
              onMessage(
                packet.topic,
                Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
              );
            },
            resolve,
          ),
        );
      }
    },
    publish(topic, payload, { qos, retain = false }) {
      return new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      );
    },
    async close() {
      // Closing the listener alone waits for every client; closing the broker first ends their connections.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  return { link, port, connectedClients: () => broker.connectedClients, close: () => link.close() };
}
