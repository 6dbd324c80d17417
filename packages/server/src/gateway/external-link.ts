import mqtt, { type MqttClient } from 'mqtt';
import { MAX_PACKET_BYTES } from '@vendo/contract/device-protocol';
import { SHARED_GROUP, type BrokerLink } from './broker-link';
import type { GatewayLog } from './machine-ports';

export interface ExternalLinkOptions {
  /** mqtt://user:password@host:port; the credentials are the gateway's own account on that broker. */
  url: string;
  /** Unique per gateway process (the broker's client id). */
  clientId: string;
  log: GatewayLog;
  /** How long the first connection may take before start fails. */
  connectTimeoutMs?: number;
}

/** The external broker did not answer the first connection. */
export class BrokerUnreachableError extends Error {
  constructor(where: string) {
    super(
      `cannot reach the MQTT broker at ${where} (MQTT_URL): check that it runs and accepts the gateway's account`,
    );
  }
}

/** The broker's address without credentials, for logs and errors. */
export function describeBrokerUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the MQTT broker';
  }
}

/**
 * An external broker (Mosquitto, EMQX...) through an MQTT 5 client (machines may use 3.1.1: the broker
 * translates). Machine topics are read through shared subscriptions ($share/vendo/...), so several gateway
 * processes split the machines' messages between them; the client reconnects by itself and the broker restores
 * nothing (clean start, no session expiry), so subscriptions are renewed after every reconnect. MQTT 5 lets the
 * gateway announce its maximum packet size: the broker drops a message bigger than MAX_PACKET_BYTES instead of
 * forwarding it, so no machine can make the gateway buffer hundreds of megabytes.
 */
export async function connectExternalLink(options: ExternalLinkOptions): Promise<BrokerLink> {
  const { log } = options;
  const where = describeBrokerUrl(options.url);
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    properties: { maximumPacketSize: MAX_PACKET_BYTES },
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
  });
  const subscriptions: Array<{
    filter: string;
    handler: (topic: string, payload: Buffer) => Promise<void> | undefined;
  }> = [];

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.end(true);
      reject(new BrokerUnreachableError(where));
    }, options.connectTimeoutMs ?? 10_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  client.on('error', (error) => log.warn({ err: error.message, broker: where }, 'mqtt broker link error'));
  client.on('offline', () => log.warn({ broker: where }, 'mqtt broker link lost, reconnecting'));
  const reconnectListeners: Array<() => void> = [];
  client.on('connect', (connack) => {
    log.info({ broker: where }, 'mqtt broker link back');
    const reconnected = () => {
      for (const listener of reconnectListeners) listener();
    };
    if (connack.sessionPresent) return reconnected();
    // After a reconnect with a clean session the broker knows no subscriptions of ours.
    const filters = [...new Set(subscriptions.map((s) => s.filter))];
    if (filters.length === 0) return reconnected();
    client.subscribe(filters, { qos: 1 }, (error) => {
      if (error) log.error({ err: error.message }, 'mqtt resubscribe failed');
      reconnected();
    });
  });
  // mqtt.js emits 'message', then calls handleMessage and reads the next packet (and sends the PUBACK) only
  // after its callback: a handler's promise holds the link there until it settles — backpressure.
  let held: Array<Promise<void>> = [];
  client.on('message', (topic, payload) => {
    for (const s of subscriptions) {
      if (!topicMatches(s.filter, topic)) continue;
      const wait = s.handler(topic, payload);
      if (wait) held.push(wait);
    }
  });
  client.handleMessage = (_packet, callback) => {
    const waits = held;
    held = [];
    if (waits.length === 0) return callback();
    void Promise.allSettled(waits).then(() => callback());
  };

  return {
    kind: 'external',
    get connected() {
      return client.connected;
    },
    async subscribe(filters, shared, onMessage) {
      const actual = filters.map((f) => (shared ? `$share/${SHARED_GROUP}/${f}` : f));
      for (const filter of actual) subscriptions.push({ filter, handler: onMessage });
      const granted = await client.subscribeAsync(actual, { qos: 1 });
      // MQTT 5 answers a refused subscription with a reason code of 0x80 or above.
      const refused = granted.filter((g) => g.qos >= 0x80).map((g) => g.topic);
      if (refused.length > 0) throw new Error(`the MQTT broker refused subscriptions: ${refused.join(', ')}`);
    },
    async publish(topic, payload, { qos, retain = false }) {
      await client.publishAsync(topic, payload, { qos, retain });
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    async close() {
      await client.endAsync();
    },
  };
}

/** MQTT filter matching, with $share/<group>/ stripped (the delivered topic never carries it). */
export function topicMatches(filter: string, topic: string): boolean {
  const plain = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
  const f = plain.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}
