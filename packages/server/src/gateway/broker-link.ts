/**
 * How the gateway talks to a broker: the embedded aedes broker in-process, or an external broker through an
 * MQTT client. Both deliver what machines publish and publish what the server sends.
 */
export interface BrokerLink {
  /** 'embedded' or 'external', for logs and the start banner. */
  readonly kind: 'embedded' | 'external';
  /** Whether messages can flow now (an external link may be reconnecting). */
  readonly connected: boolean;
  /**
   * Receives messages under the filters. shared: with several gateway processes on one broker each message
   * reaches only one of them (MQTT shared subscriptions); a single embedded broker has only one gateway.
   * When onMessage answers a promise, the link delivers nothing more from that source until it settles
   * (backpressure: the broker stops reading the machine, an external broker keeps the messages).
   */
  subscribe(
    filters: string[],
    shared: boolean,
    onMessage: (topic: string, payload: Buffer) => Promise<void> | undefined,
  ): Promise<void>;
  publish(topic: string, payload: string, options: { qos: 0 | 1; retain?: boolean }): Promise<void>;
  /**
   * Called each time the link comes back after it was lost (not for the first connection), with the
   * subscriptions renewed: the broker may have restarted, and the machines with it (decision 043). The embedded
   * broker lives and dies with the process and never calls it.
   */
  onReconnect?(listener: () => void): void;
  close(): Promise<void>;
}

/** The shared-subscription group of every Vendo gateway process. */
export const SHARED_GROUP = 'vendo';
