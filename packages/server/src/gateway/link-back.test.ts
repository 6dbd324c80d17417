import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, deviceTopics, type PresenceMessage } from '@vendo/contract/device-protocol';
import type { BrokerLink } from './broker-link';
import { DeviceGateway } from './device-gateway';
import type { MachineStateStore } from './machine-ports';

/*
 * The broker link came back (decision 043): the broker may have restarted and lost the wills of machines that went
 * away meanwhile. After the grace, the machines still online and not heard from since are pinged; those that do not
 * answer go offline, those that answer or reconnected meanwhile stay online.
 */
const PREFIX = 'lb';
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

interface Row {
  alive: boolean;
  conn: string;
  seen: number;
}

function setup() {
  let now = 1_000_000;
  const rows = new Map<string, Row>([
    ['101', { alive: true, conn: 'c-answers', seen: now - 1_000 }],
    ['102', { alive: true, conn: 'c-gone', seen: now - 1_000 }],
    ['103', { alive: true, conn: 'c-old', seen: now - 1_000 }],
    ['104', { alive: false, conn: 'c-off', seen: now - 1_000 }],
  ]);
  const state: MachineStateStore = {
    async presence(sn, message: PresenceMessage, at) {
      const row = rows.get(sn)!;
      if (!message.online || row.conn === message.conn) return 'ignored';
      Object.assign(row, { alive: true, conn: message.conn, seen: at });
      return 'online';
    },
    reports: async () => undefined,
    markAllOffline: async () => 0,
    async silent(heardBefore) {
      return [...rows]
        .filter(([, r]) => r.alive && r.seen < heardBefore)
        .map(([sn, r]) => ({ sn, conn: r.conn }));
    },
    async heard(sn, at) {
      rows.get(sn)!.seen = at;
    },
    async silentOffline(sn, conn, heardBefore) {
      const row = rows.get(sn)!;
      if (!row.alive || row.conn !== conn || row.seen >= heardBefore) return false;
      row.alive = false;
      return true;
    },
  };
  const pinged: string[] = [];
  const reconnectListeners: Array<() => void> = [];
  const handlers: Array<(topic: string, payload: Buffer) => Promise<void> | undefined> = [];
  const gateway: DeviceGateway = new DeviceGateway({
    prefix: PREFIX,
    state,
    events: { recordBatch: async () => [] },
    log: quiet,
    clock: () => now,
    reconnectGraceMs: 20,
    probeTimeoutMs: 100,
  });
  const link: BrokerLink = {
    kind: 'external',
    connected: true,
    async subscribe(_filters, _shared, onMessage) {
      handlers.push(onMessage);
    },
    async publish(topic, payload) {
      const sn = topic.split('/')[2]!;
      const command = JSON.parse(payload) as { id: string; name: string };
      pinged.push(`${sn}:${command.name}`);
      // Only 101 is still there to answer.
      if (sn !== '101') return;
      const ack = {
        v: PROTOCOL_VERSION,
        id: command.id,
        ok: true,
        result: { version: '2.4.1', uptime_s: 5 },
      };
      setTimeout(() => {
        for (const h of handlers)
          void h(deviceTopics(PREFIX, sn).ack(gateway.id), Buffer.from(JSON.stringify(ack)));
      }, 5);
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    async close() {},
  };
  return {
    gateway,
    link,
    rows,
    pinged,
    reconnectListeners,
    handlers,
    advance: (ms: number) => (now += ms),
  };
}

describe('the gateway after its broker link came back', () => {
  it('pings the machines not heard from since, and marks offline those that do not answer', async () => {
    const s = setup();
    await s.gateway.start(s.link);
    expect(s.reconnectListeners).toHaveLength(1);
    s.advance(10_000);
    const check = s.gateway.linkBack();
    // Within the grace, 103 reconnects and announces a new connection: it is not pinged.
    const presence = { v: PROTOCOL_VERSION, online: true, conn: 'c-new', at: 0 };
    s.advance(1);
    for (const h of s.handlers)
      void h(deviceTopics(PREFIX, '103').status, Buffer.from(JSON.stringify(presence)));
    expect(await check).toBe(1);
    expect(s.pinged.sort()).toEqual(['101:ping', '102:ping']);
    expect(s.rows.get('101')).toMatchObject({ alive: true, conn: 'c-answers' });
    expect(s.rows.get('102')).toMatchObject({ alive: false, conn: 'c-gone' });
    expect(s.rows.get('103')).toMatchObject({ alive: true, conn: 'c-new' });
    expect(s.rows.get('104')).toMatchObject({ alive: false });
    await s.gateway.stop();
  });

  it('a check still in its grace is dropped by a newer reconnect and by stop', async () => {
    const s = setup();
    await s.gateway.start(s.link);
    const first = s.gateway.linkBack();
    const second = s.gateway.linkBack();
    expect(await first).toBe(0);
    await s.gateway.stop();
    expect(await second).toBe(0);
    expect(s.pinged).toEqual([]);
    expect(s.rows.get('102')).toMatchObject({ alive: true });
  });
});
