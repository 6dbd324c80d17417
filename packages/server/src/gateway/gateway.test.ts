import type { Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  SILENT_AFTER_MS,
  deviceTopics,
  type MachineEvent,
} from '@vendo/contract/device-protocol';
import { RCODE } from '@vendo/contract/rcodes';
import type { SimMachine } from '@vendo/device-sim/machine';
import {
  MQTT_TEST_URL,
  bind,
  brokerEnv,
  clearRetained,
  eventually,
  machine,
  provision,
  runGateway,
} from '../modules/devices/device-fixtures';
import type { ProvisionedDevice } from '../modules/devices/provisioning';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { startEmbeddedBroker, MqttPortInUseError } from './embedded-broker';

/*
 * The gateway over real MQTT connections: the embedded broker on a free port, and the external broker of
 * MQTT_TEST_URL (CI: the local Mosquitto) when set. The external broker has no authentication plugin here, so
 * sn/secret checks and topic rules are tested on the embedded broker only (docs/device-protocol.md says what an
 * external broker must be configured with).
 */
const brokers: Array<'embedded' | 'external'> = MQTT_TEST_URL ? ['embedded', 'external'] : ['embedded'];
const cases = dialects().flatMap((dialect) => brokers.map((broker) => [dialect, broker] as const));

describe.each(cases)('device gateway on %s with the %s broker', (dialect, broker) => {
  let t: TestApp;
  let gw: Awaited<ReturnType<typeof runGateway>>;
  let sims: SimMachine[];
  let devices: ProvisionedDevice[];

  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv(broker));
    gw = await runGateway(t);
    sims = [];
    devices = await provision(t, 'vm', 2);
  });
  afterEach(async () => {
    await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
    await clearRetained(
      t,
      devices.map((d) => d.sn),
    );
    await gw.close();
    await t.close();
  });

  const start = async (device: ProvisionedDevice, options: Parameters<typeof machine>[3] = {}) => {
    const sim = machine(t, gw, device, options);
    sims.push(sim);
    await sim.start();
    return sim;
  };
  const row = (sn: string) =>
    t.db.kysely.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirstOrThrow();
  /** Changes a machine's shelf in the table only (the machine learns it from the next shelf push). */
  const setShelf = async (
    sn: string,
    slot: number,
    change: { quantity: number; name?: string; price?: number },
  ) => {
    const shelf = await t.db.kysely
      .selectFrom('channels')
      .innerJoin('devices', 'devices.id', 'channels.device_id')
      .select(['channels.id'])
      .where('devices.sn', '=', sn)
      .where('channels.position', '=', slot)
      .executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('channels').set(change).where('id', '=', shelf.id).execute();
    return shelf;
  };

  it('follows presence: online on connect, offline with offline_at within seconds of a dropped connection', async () => {
    const device = devices[0]!;
    const sim = await start(device, { version: '3.1.0', mversion: 'MB-2', androidVersion: '11', rssi: 17 });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(1));
    await eventually(async () =>
      expect(await row(device.sn)).toMatchObject({
        rssi: 17,
        version: '3.1.0',
        mversion: 'MB-2',
        android_version: '11',
      }),
    );
    expect((await row(device.sn)).imei).toMatch(/^\d{15}$/);

    const dropped = Date.now();
    await sim.stop({ graceful: false });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0), 3_000);
    expect(Date.now() - dropped).toBeLessThan(3_000);
    expect((await row(device.sn)).offline_at).toBe(t.clock.now);

    t.clock.advance(60_000);
    await sim.start();
    await eventually(async () => expect((await row(device.sn)).alive).toBe(1));
    expect((await row(device.sn)).online_at).toBe(t.clock.now);

    await sim.stop({ graceful: true });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0));
  });

  it('ignores the late offline of an older connection once the machine has reconnected', async () => {
    const device = devices[0]!;
    const sim = await start(device);
    await eventually(async () => expect((await row(device.sn)).alive).toBe(1));
    const stale = JSON.stringify({ v: PROTOCOL_VERSION, online: false, conn: 'c-old-connection' });
    await sim.publishRaw(deviceTopics(t.config.mqttTopicPrefix, device.sn).status, stale, { qos: 1 });
    await sim.publishRaw(deviceTopics(t.config.mqttTopicPrefix, device.sn).report, '{"v":1,"rssi":9}', {
      qos: 1,
    });
    await eventually(async () => expect((await row(device.sn)).rssi).toBe(9));
    expect((await row(device.sn)).alive).toBe(1);
  });

  it('sends commands and gets their acknowledgements, or a timeout when none comes', async () => {
    const device = devices[0]!;
    const sim = await start(device, { version: '9.9.9' });
    const { gateway } = t.services.devices;
    const ping = await gateway.send(device.sn, 'ping', {}, { timeoutMs: 2_000 });
    expect(ping).toMatchObject({ status: 'acked', result: { version: '9.9.9' } });
    expect(sim.commands.map((c) => c.name)).toContain('ping');

    const lamp = await gateway.send(
      device.sn,
      'lamp',
      { on: false, color: '#FF0000', brightness: 80, style: { wait: 3 } },
      { timeoutMs: 2_000 },
    );
    expect(lamp.status).toBe('acked');
    expect(sim.state.lamp).toEqual({ on: false, color: '#FF0000', brightness: 80 });

    const slow = await start(devices[1]!, { commandDelayMs: 1_500 });
    const started = Date.now();
    const timeout = await gateway.send(slow.sn, 'ping', {}, { timeoutMs: 300 });
    expect(timeout).toEqual({ status: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_200);
  });

  it('runs a command delivered twice once, and answers the repeat the same (QoS 1 is at least once)', async () => {
    const device = devices[0]!;
    const sim = await start(device);
    const { gateway } = t.services.devices;
    // The same id again, as the gateway's client resends an unacknowledged publish when its broker link is back.
    const lamp = { on: false, color: '#00FF00', brightness: 30, style: { wait: 3 } };
    const first = await gateway.send(device.sn, 'lamp', lamp, { timeoutMs: 2_000, id: 'cmd-twice' });
    sim.state.lamp.brightness = 99;
    const again = await gateway.send(device.sn, 'lamp', lamp, { timeoutMs: 2_000, id: 'cmd-twice' });
    expect(first.status).toBe('acked');
    expect(again).toMatchObject({ status: 'acked', result: {} });
    expect(sim.commands.filter((c) => c.id === 'cmd-twice')).toHaveLength(1);
    expect(sim.repeats.map((c) => c.id)).toEqual(['cmd-twice']);
    // Not run again: what changed after the first run stays.
    expect(sim.state.lamp.brightness).toBe(99);
  });

  it('answers a refusal with the machine code, and an expired command is refused by the machine', async () => {
    const device = devices[0]!;
    await start(device);
    const { gateway } = t.services.devices;
    // The machine holds no shelves yet, so a vend finds no stock.
    const vend = await gateway.send(
      device.sn,
      'vend',
      { order: 'o-1', payment: 'remote', items: [{ slot: 1, quantity: 1 }] },
      { timeoutMs: 2_000 },
    );
    expect(vend).toMatchObject({ status: 'refused', code: 'out_of_stock' });
    const lateClock = machine(t, gw, devices[1]!, { clock: () => t.clock.now + 3_600_000 });
    sims.push(lateClock);
    await lateClock.start();
    expect(await gateway.send(devices[1]!.sn, 'ping', {}, { timeoutMs: 2_000 })).toMatchObject({
      status: 'refused',
      code: 'expired',
    });
  });

  it('stores a machine event exactly once and acknowledges each send, a resend as duplicate', async () => {
    const user = await signUpMerchant(t, '13900000301');
    const device = devices[0]!;
    await bind(t, user, device);
    const sim = await start(device);
    await eventually(() => expect(sim.state.shelves.size).toBe(25));
    const shelf = await setShelf(device.sn, 2, { quantity: 5 });

    const acks: string[] = [];
    sim.on('event-acked', (ack: { status: string }) => acks.push(ack.status));
    const event: MachineEvent = {
      v: PROTOCOL_VERSION,
      id: 'evt-dedup-1',
      at: t.clock.now,
      type: 'delivery',
      data: {
        order: 'order-1',
        payment: 'wechat',
        items: [{ slot: 2, quantity: 1, delivered: 1, fault: 0 }],
      },
    };
    sim.sendEvent(event);
    await eventually(() => expect(acks).toEqual(['stored']));
    sim.sendEvent(event);
    await eventually(() => expect(acks).toEqual(['stored', 'duplicate']));

    const stored = await t.db.kysely
      .selectFrom('device_events')
      .selectAll()
      .where('sn', '=', device.sn)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ event_id: 'evt-dedup-1', type: 'delivery', occurred_at: t.clock.now });
    const after = await t.db.kysely
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', shelf.id)
      .executeTakeFirstOrThrow();
    expect(after.quantity).toBe(4);
    // A game cleared on the merchant's machine puts the player on the 30-day blacklist (spec §9).
    sim.playGame({ player: 'openid-9', result: 'win', plays: 1 });
    const merchantId = (await row(device.sn)).merchant_id!;
    const { events } = t.services.devices;
    await eventually(async () =>
      expect(await events.playerClearedSince(merchantId, 'openid-9', t.clock.now - 1)).toBe(true),
    );
    expect(await events.playerClearedSince(merchantId, 'openid-9', t.clock.now + 1)).toBe(false);
    expect(await events.playerClearedSince(merchantId, 'someone-else', 0)).toBe(false);
    // A resend of the retry timer may add another duplicate; it never adds a row.
    expect(t.services.devices.gateway.stats.eventsDuplicate).toBeGreaterThanOrEqual(1);
  });

  it('acknowledges an event only after it is committed: a failed store is resent and then stored', async () => {
    const device = devices[0]!;
    const sim = await start(device);
    const { events } = t.services.devices;
    const original = events.recordBatch.bind(events);
    let failures = 1;
    events.recordBatch = async (...args) => {
      if (failures-- > 0) throw new Error('database went away');
      return original(...args);
    };
    try {
      const acked: string[] = [];
      sim.on('event-acked', (ack: { id: string }) => acked.push(ack.id));
      const event = sim.playGame({ player: 'openid-1', result: 'win', plays: 2 });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(acked).toEqual([]);
      expect(sim.pendingEvents).toBe(1);
      await eventually(() => expect(acked).toEqual([event.id]));
      expect(sim.pendingEvents).toBe(0);
      const rows = await t.db.kysely
        .selectFrom('device_events')
        .selectAll()
        .where('sn', '=', device.sn)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'game', player: 'openid-1', result: 'win' });
    } finally {
      events.recordBatch = original;
    }
  });

  it('acknowledges at QoS 0: an acknowledgement lost with the connection is answered on the resend, one order', async () => {
    const user = await signUpMerchant(t, '13900000305');
    const device = devices[0]!;
    await bind(t, user, device);
    const sim = await start(device);
    await eventually(() => expect(sim.state.shelves.size).toBe(25));
    const shelf = await setShelf(device.sn, 2, { quantity: 5 });
    const acks: Array<{ id: string; status: string; qos: number }> = [];
    sim.on('event-acked', (ack: { id: string; status: string }, qos: number) =>
      acks.push({ id: ack.id, status: ack.status, qos }),
    );
    const sale = (id: string): MachineEvent => ({
      v: PROTOCOL_VERSION,
      id,
      at: t.clock.now,
      type: 'cash_sale',
      data: { payment: 'coin', amount: 300, items: [{ slot: 2, quantity: 1, delivered: 1, fault: 0 }] },
    });
    sim.sendEvent(sale('evt-ack-qos0'));
    await eventually(() => expect(acks).toEqual([{ id: 'evt-ack-qos0', status: 'stored', qos: 0 }]));

    // The next sale's commit waits until the machine's connection is gone: its acknowledgement reaches nobody
    // (at QoS 1 it would be lost the same way: a clean session keeps nothing for the machine).
    const { events, gateway } = t.services.devices;
    const original = events.recordBatch.bind(events);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    events.recordBatch = async (...args) => {
      await held;
      return original(...args);
    };
    try {
      const received = gateway.stats.events;
      const stored = gateway.stats.eventsStored;
      sim.sendEvent(sale('evt-ack-lost'));
      await eventually(() => expect(gateway.stats.events).toBeGreaterThan(received));
      await sim.stop({ graceful: false });
      release();
      await eventually(() => expect(gateway.stats.eventsStored).toBe(stored + 1));
      expect(sim.pendingEvents).toBe(1);
      const duplicates = gateway.stats.eventsDuplicate;

      // Back, the machine sends what it holds again; the resend is answered duplicate, and nothing is stored twice.
      await sim.start();
      await eventually(() => expect(acks.map((a) => a.id)).toEqual(['evt-ack-qos0', 'evt-ack-lost']));
      expect(acks[1]).toEqual({ id: 'evt-ack-lost', status: 'duplicate', qos: 0 });
      expect(sim.pendingEvents).toBe(0);
      expect(gateway.stats.eventsDuplicate).toBeGreaterThan(duplicates);
      expect(gateway.stats.eventsStored).toBe(stored + 1);
    } finally {
      release();
      events.recordBatch = original;
    }
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select('event_id')
      .where('event_id', 'in', ['evt-ack-qos0', 'evt-ack-lost'])
      .orderBy('event_id')
      .execute();
    expect(orders.map((o) => o.event_id)).toEqual(['evt-ack-lost', 'evt-ack-qos0']);
    const left = await t.db.kysely
      .selectFrom('channels')
      .select('quantity')
      .where('id', '=', shelf.id)
      .executeTakeFirstOrThrow();
    expect(left.quantity).toBe(3);
  });

  it('drops malformed payloads without crashing, and keeps serving', async () => {
    const device = devices[0]!;
    const sim = await start(device);
    const topics = deviceTopics(t.config.mqttTopicPrefix, device.sn);
    const { gateway } = t.services.devices;
    const before = gateway.stats.malformed;
    for (const [topic, payload] of [
      [topics.report, 'not json'],
      [topics.report, '{"v":1,"rssi":"strong"}'],
      [topics.event, '{"v":1,"id":"x","type":"delivery"}'],
      [topics.event, Buffer.from([0xff, 0x00, 0xfe])],
      [topics.status, '{"online":"yes"}'],
      [topics.ack(gateway.id), '[1,2,3]'],
      [topics.ack(gateway.id), '{"v":1,"id":"unknown-command","ok":true}'],
    ] as const) {
      await sim.publishRaw(topic, payload, { qos: 1 });
    }
    await eventually(() => expect(gateway.stats.malformed - before).toBe(6));
    expect(await gateway.send(device.sn, 'ping', {}, { timeoutMs: 2_000 })).toMatchObject({
      status: 'acked',
    });
    expect((await row(device.sn)).alive).toBe(1);
  });

  /** A client holding the machine's credentials that says it is online and then does nothing a machine does. */
  const bareClient = async (device: ProvisionedDevice, conn: string) => {
    const client = await mqtt.connectAsync(gw.url, {
      clientId: device.clientid,
      username: device.sn,
      password: device.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const online = JSON.stringify({ v: PROTOCOL_VERSION, online: true, conn });
    await client.publishAsync(deviceTopics(t.config.mqttTopicPrefix, device.sn).status, online, {
      qos: 1,
      retain: true,
    });
    await eventually(async () => expect(await row(device.sn)).toMatchObject({ alive: 1, conn_id: conn }));
    return client;
  };
  /** The pings recorded for a machine (a bare client also gets the catch-up commands, which time out). */
  const pings = (sn: string) =>
    t.db.kysely
      .selectFrom('device_commands')
      .select(['name', 'status'])
      .where('sn', '=', sn)
      .where('name', '=', 'ping')
      .execute();

  it('gives a machine that lost its settings and shelves its configuration again when it reconnects', async () => {
    const user = await signUpMerchant(t, '13900000302');
    const device = devices[0]!;
    await bind(t, user, device);
    await setShelf(device.sn, 2, { quantity: 5, name: 'Cola', price: 300 });
    const first = await start(device);
    await eventually(() => expect(first.state.shelves.get(2)).toMatchObject({ quantity: 5, name: 'Cola' }));
    await eventually(async () =>
      expect(await row(device.sn)).toMatchObject({ settings_acked_rev: 2, shelves_acked_rev: 2 }),
    );

    // Back with its memory: it announces the revisions it holds and is sent nothing.
    const { gateway } = t.services.devices;
    const caughtUp = () =>
      new Promise<void>((resolve) => gateway.onOnline(() => void t.services.devices.idle().then(resolve)));
    await first.stop({ graceful: false });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0));
    let back = caughtUp();
    await first.start();
    await back;
    // (The ads list has its own revision and test: modules/adverts/adverts.test.ts.)
    const configuration = (sim: SimMachine) =>
      sim.commands.filter((c) => c.name !== 'ads').map((c) => c.name);
    expect(configuration(first).filter((name) => name !== 'bind_state')).toEqual([
      'settings',
      'shelf_config',
    ]);

    // Restarted without its memory (a demo machine keeps shelves in memory): it announces revision 0 and gets
    // whom it belongs to, its settings and its shelves, and sells again.
    await first.stop({ graceful: false });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0));
    const restarted = machine(t, gw, device);
    sims.push(restarted);
    back = caughtUp();
    await restarted.start();
    await back;
    expect(configuration(restarted)).toEqual(['bind_state', 'settings', 'shelf_config']);
    expect(restarted.state).toMatchObject({ bound: true, title: 'Lobby', settingsRev: 2, shelvesRev: 2 });
    const vend = await gateway.send(
      device.sn,
      'vend',
      { order: 'o-after-restart', payment: 'remote', items: [{ slot: 2, quantity: 1 }] },
      { timeoutMs: 2_000 },
    );
    expect(vend).toMatchObject({
      status: 'acked',
      result: { items: [{ slot: 2, quantity: 1, delivered: 1, fault: 0 }] },
    });
  });

  it('pings machines silent for too long and marks offline those that do not answer', async () => {
    const user = await signUpMerchant(t, '13900000303');
    const [quiet, alive] = [devices[0]!, devices[1]!];
    await bind(t, user, quiet);
    // Says it is online, then never reports nor answers: its connection may be dead without the broker
    // telling anyone (an external broker publishes no will for a client that registered none).
    const client = await bareClient(quiet, 'c-silent');
    const sim = await start(alive);
    await eventually(async () => expect((await row(alive.sn)).alive).toBe(1));
    const { gateway } = t.services.devices;
    try {
      expect(await gateway.checkSilent(300)).toBe(0);
      t.clock.advance(SILENT_AFTER_MS + 1);
      expect(await gateway.checkSilent(300)).toBe(1);
      expect(await row(quiet.sn)).toMatchObject({ alive: 0, offline_at: t.clock.now, conn_id: 'c-silent' });
      // The other machine was as silent, but answered the ping.
      expect(await row(alive.sn)).toMatchObject({ alive: 1, seen_at: t.clock.now });
      expect(sim.commands.map((c) => c.name)).toContain('ping');

      const answer = await t.call('/api/v1/d/onlineShopAlive', { sn: quiet.sn }, sessionHeaders(user));
      expect(answer).toMatchObject({ rcode: RCODE.DEVICE_OFFLINE, msg: 'Device offline, cannot execute' });
      expect(await pings(quiet.sn)).toEqual([{ name: 'ping', status: 'offline' }]);
    } finally {
      await client.endAsync(true);
    }
  });

  it('answers a sale reporting an impossible amount as rejected and stores nothing', async () => {
    const user = await signUpMerchant(t, '13900000304');
    const device = devices[0]!;
    await bind(t, user, device);
    const sim = await start(device);
    const acks: Array<{ id: string; status: string }> = [];
    sim.on('event-acked', (ack: { id: string; status: string }) => acks.push(ack));
    const items = [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }];
    const sale = (id: string, amount: number): MachineEvent => ({
      v: PROTOCOL_VERSION,
      id,
      at: t.clock.now,
      type: 'cash_sale',
      data: { payment: 'coin', amount, items },
    });
    sim.sendEvent(sale('evt-huge', 2 ** 53));
    await eventually(() => expect(acks).toEqual([{ v: 1, id: 'evt-huge', status: 'rejected' }]));
    expect(sim.pendingEvents).toBe(0);
    expect(t.services.devices.gateway.stats.eventsRejected).toBe(1);
    sim.sendEvent(sale('evt-fine', 300));
    await eventually(() => expect(acks.map((a) => a.status)).toEqual(['rejected', 'stored']));
    const stored = await t.db.kysely
      .selectFrom('device_events')
      .select(['event_id'])
      .where('sn', '=', device.sn)
      .execute();
    expect(stored).toEqual([{ event_id: 'evt-fine' }]);
  });

  it.runIf(broker === 'external')(
    'is never handed a message bigger than MAX_PACKET_BYTES by the external broker',
    async () => {
      const device = devices[0]!;
      const sim = await start(device);
      const topics = deviceTopics(t.config.mqttTopicPrefix, device.sn);
      const { gateway } = t.services.devices;
      const malformed = gateway.stats.malformed;
      await sim.publishRaw(topics.report, Buffer.alloc(200_000, 0x20), { qos: 1 });
      await sim.publishRaw(topics.report, '{"v":1,"rssi":7}', { qos: 1 });
      await eventually(async () => expect((await row(device.sn)).rssi).toBe(7));
      expect(gateway.stats.malformed).toBe(malformed);
    },
  );

  it.runIf(broker === 'embedded')(
    'marks a machine offline as soon as its connection closes without a will, and commands answer offline',
    async () => {
      const user = await signUpMerchant(t, '13900000305');
      const device = devices[0]!;
      await bind(t, user, device);
      const headers = sessionHeaders(user);

      // A DISCONNECT without saying offline first.
      const polite = await bareClient(device, 'c-polite');
      await polite.endAsync();
      await eventually(async () =>
        expect(await row(device.sn)).toMatchObject({ alive: 0, conn_id: 'c-polite' }),
      );

      // A connection that just dies: no will, no DISCONNECT.
      const dying = await bareClient(device, 'c-dying');
      (dying.stream as unknown as Socket).destroy();
      await eventually(async () =>
        expect(await row(device.sn)).toMatchObject({ alive: 0, conn_id: 'c-dying' }),
      );
      const answer = await t.call('/api/v1/d/onlineShopAlive', { sn: device.sn }, headers);
      expect(answer).toMatchObject({ rcode: RCODE.DEVICE_OFFLINE, msg: 'Device offline, cannot execute' });
      expect(await pings(device.sn)).toEqual([{ name: 'ping', status: 'offline' }]);
      await dying.endAsync(true);

      // The connection a machine replaces (same client id) closes too; its offline does not touch the new one.
      const old = await bareClient(device, 'c-old');
      const replacing: MqttClient = await bareClient(device, 'c-new');
      try {
        const topics = deviceTopics(t.config.mqttTopicPrefix, device.sn);
        await replacing.publishAsync(topics.report, '{"v":1,"rssi":11}', { qos: 1 });
        await eventually(async () => expect((await row(device.sn)).rssi).toBe(11));
        expect(await row(device.sn)).toMatchObject({ alive: 1, conn_id: 'c-new' });
      } finally {
        await Promise.allSettled([old.endAsync(true), replacing.endAsync(true)]);
      }
    },
  );

  it.runIf(broker === 'embedded')(
    'refuses a wrong secret and a client id that is not the machine',
    async () => {
      const device = devices[0]!;
      await expect(machine(t, gw, { ...device, secret: 'not-the-secret' }).start()).rejects.toThrow(
        /bad username or password/i,
      );
      await expect(machine(t, gw, { ...device, clientid: devices[1]!.clientid }).start()).rejects.toThrow(
        /bad username or password/i,
      );
      expect((await row(device.sn)).alive).toBe(0);
    },
  );

  it.runIf(broker === 'embedded')('lets no machine publish or subscribe as another', async () => {
    const [a, b] = [devices[0]!, devices[1]!];
    const simA = await start(a);
    const other = deviceTopics(t.config.mqttTopicPrefix, b.sn);
    const disconnected = new Promise<void>((resolve) => simA.once('offline', () => resolve()));
    const forged: MachineEvent = {
      v: PROTOCOL_VERSION,
      id: 'forged-1',
      at: t.clock.now,
      type: 'cash_sale',
      data: { payment: 'coin', amount: 100, items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
    };
    // QoS 0: the broker answers a forbidden publish by closing the connection, never with a PUBACK.
    await simA.publishRaw(other.event, JSON.stringify(forged));
    await simA.publishRaw(other.status, JSON.stringify({ v: 1, online: true, conn: 'forged' }));
    // The broker closes the connection of a machine that publishes outside its own topics.
    await disconnected;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.db.kysely.selectFrom('device_events').selectAll().execute()).toHaveLength(0);
    expect((await row(b.sn)).alive).toBe(0);

    // Subscribing to another machine's commands is refused in the SUBACK.
    const raw = await mqtt.connectAsync(gw.url, {
      clientId: a.clientid,
      username: a.sn,
      password: a.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    try {
      for (const filter of [other.command, other.eventAck, `${t.config.mqttTopicPrefix}/#`, '#']) {
        await expect(raw.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/subscribe error/i);
      }
      await expect(
        raw.subscribeAsync(deviceTopics(t.config.mqttTopicPrefix, a.sn).command, { qos: 1 }),
      ).resolves.toBeDefined();
    } finally {
      await raw.endAsync(true);
    }
  });
});

describe('embedded broker port', () => {
  it('says clearly when its port is taken', async () => {
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    };
    const directory = { authenticate: async () => false };
    const first = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', prefix: 'vendo', directory, log });
    try {
      const second = startEmbeddedBroker({
        port: first.port,
        host: '127.0.0.1',
        prefix: 'vendo',
        directory,
        log,
      });
      await expect(second).rejects.toBeInstanceOf(MqttPortInUseError);
      await expect(second).rejects.toThrow(`MQTT port ${first.port} is already in use`);
    } finally {
      await first.close();
    }
  });
});

describe.each(dialects())('broker auth calls for external brokers on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    return { status: response.statusCode, body: response.json<{ result: string }>() };
  };

  it('allows a machine with its own sn, secret and client id, and nothing else', async () => {
    const [a, b] = await provision(t, 'vm', 2);
    const auth = { username: a!.sn, password: a!.secret, clientid: a!.clientid };
    expect(await post('/p/v1/mqtt/auth', auth)).toEqual({
      status: 200,
      body: { result: 'allow', is_superuser: false },
    });
    expect((await post('/p/v1/mqtt/auth', { ...auth, password: b!.secret })).status).toBe(403);
    expect((await post('/p/v1/mqtt/auth', { ...auth, clientid: b!.clientid })).status).toBe(403);
    expect((await post('/p/v1/mqtt/auth', { username: 'x' })).body.result).toBe('deny');
  });

  it('answers topic rules in mosquitto-go-auth and EMQX shapes', async () => {
    const mine = deviceTopics('vendo', '1001');
    const theirs = deviceTopics('vendo', '1002');
    const acl = (body: object) => post('/p/v1/mqtt/acl', { username: '1001', ...body });
    expect((await acl({ topic: mine.event, acc: 2 })).status).toBe(200);
    expect((await acl({ topic: mine.command, acc: 4 })).status).toBe(200);
    expect((await acl({ topic: mine.command, acc: 1 })).status).toBe(200);
    expect((await acl({ topic: mine.command, acc: 2 })).status).toBe(403);
    expect((await acl({ topic: theirs.event, acc: 2 })).status).toBe(403);
    expect((await acl({ topic: theirs.command, action: 'subscribe' })).status).toBe(403);
    expect((await acl({ topic: mine.status, action: 'publish' })).status).toBe(200);
    expect((await acl({ topic: 'vendo/#', action: 'subscribe' })).status).toBe(403);
  });
});
