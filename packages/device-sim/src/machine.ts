import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  DEFAULT_TOPIC_PREFIX,
  PROTOCOL_VERSION,
  commandMessage,
  commandSchemas,
  deviceTopics,
  eventAck,
  parsePayload,
  type CommandAck,
  type CommandMessage,
  type CommandName,
  type DeliveredItem,
  type DeviceSettings,
  type Fault,
  type MachineAd,
  type MachineEvent,
  type PresenceMessage,
  type RefusalCode,
  type ShelfConfig,
  type StatusReport,
} from '@vendo/contract/device-protocol';

/** What a machine is given at the factory (printed by `vendo devices provision`). */
export interface MachineCredentials {
  sn: string;
  clientid: string;
  secret: string;
  type?: string;
}

export interface SimMachineOptions extends MachineCredentials {
  /** mqtt://host:port of the broker. */
  url: string;
  prefix?: string;
  /** MQTT keepalive in seconds: a silent machine is declared gone after 1.5 × this. */
  keepaliveS?: number;
  reportEveryMs?: number;
  /** How long executing a command takes: a fixed time or a [min, max] range. */
  commandDelayMs?: number | [number, number];
  /** Share of dispenses (and motor tests) that fail with a fault code 1..10. */
  faultRate?: number;
  /** Chance of winning a paid game (0..1); default the prize shelf's probability (0 at extreme difficulty). */
  gameWinRate?: number;
  /** Resend an unacknowledged event after this long. */
  eventRetryMs?: number;
  /** A reboot keeps the machine away this long. */
  rebootMs?: number;
  version?: string;
  mversion?: string;
  imei?: string;
  /** Lucky-bag (fdj) machines run Android. */
  androidVersion?: string;
  /** Signal the reports carry (0..31, 99 unknown); default a random 12..31. */
  rssi?: number;
  /** Machine clock; commands past their `expires` are refused. */
  clock?: () => number;
  random?: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface SimShelf extends ShelfConfig {
  /** The machine's own count, kept as it dispenses. */
  quantity: number;
}

type Outcome = { ok: true; result: unknown } | { ok: false; code: RefusalCode; msg?: string };

/**
 * One simulated machine speaking the real protocol (docs/device-protocol.md): it connects with its sn and
 * secret, announces itself with a retained status and a will, reports signal and versions, executes commands
 * after a delay (failing some when asked to), keeps its shelves' stock, and sends events until they are
 * acknowledged. Events: 'command' (a command arrived), 'event-acked' (the acknowledgement and the QoS it arrived
 * at), 'connected', 'offline', 'ads' (a new ads list, also in `state.ads`).
 */
export class SimMachine extends EventEmitter {
  readonly sn: string;
  /** What the machine holds, as the server configured it. */
  readonly state = {
    settings: null as DeviceSettings | null,
    settingsRev: 0,
    shelvesRev: 0,
    shelves: new Map<number, SimShelf>(),
    /** The ads the server sent (the `ads` command), in its order, and their revision. */
    ads: [] as MachineAd[],
    adsRev: 0,
    bound: false,
    title: '',
    power: 'on' as 'on' | 'off',
    lamp: { on: true, color: '#0099FF', brightness: 165 },
  };
  /** Every command received and run, newest last (a repeat of one is not run again: `repeats`). */
  readonly commands: CommandMessage[] = [];
  /** Commands that arrived again with an id already taken: answered again, not run. */
  readonly repeats: CommandMessage[] = [];
  /** The outcome of the latest commands by id, so a repeat gets the same answer (device-protocol.md). */
  private readonly outcomes = new Map<string, Promise<Outcome>>();
  private readonly outbox = new Map<string, MachineEvent>();
  private client: MqttClient | null = null;
  private conn = '';
  private busy = false;
  private held = false;
  /** Counts stops, so a pending reconnect knows whether someone stopped the machine after it went away. */
  private stops = 0;
  private readonly startedAt = Date.now();
  private reportTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly topics: ReturnType<typeof deviceTopics>;
  private readonly clock: () => number;
  private readonly random: () => number;
  private rssiValue: number;

  constructor(private readonly o: SimMachineOptions) {
    super();
    this.sn = o.sn;
    this.topics = deviceTopics(o.prefix ?? DEFAULT_TOPIC_PREFIX, o.sn);
    this.clock = o.clock ?? Date.now;
    this.random = o.random ?? Math.random;
    this.rssiValue = o.rssi ?? 12 + Math.floor(this.random() * 20);
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Events sent and not acknowledged yet. */
  get pendingEvents(): number {
    return this.outbox.size;
  }

  /** Signal the next reports carry (0..31; 99 unknown). */
  set rssi(value: number) {
    this.rssiValue = value;
  }

  /** Holds the motor as a sale at the machine's own keypad would: vends and motor tests are refused 'busy'. */
  set motorHeld(value: boolean) {
    this.held = value;
  }

  /** The chance of winning paid games from now on (0..1). */
  set gameWinRate(value: number) {
    this.o.gameWinRate = value;
  }

  /** How long commands take from now on (a machine getting slow). */
  set commandDelayMs(value: number | [number, number]) {
    this.o.commandDelayMs = value;
  }

  /** Connects; rejects when the broker refuses (wrong secret) or cannot be reached. */
  async start(): Promise<void> {
    if (this.client) return;
    this.conn = newConn();
    const options: IClientOptions = {
      clientId: this.o.clientid,
      username: this.o.sn,
      password: this.o.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: this.o.keepaliveS ?? 20,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
      will: { topic: this.topics.status, payload: Buffer.from(this.presence(false)), qos: 1, retain: true },
    };
    const client = mqtt.connect(this.o.url, options);
    this.client = client;
    // Each connection gets its own id; the will registered with it must name the same one.
    client.on('reconnect', () => {
      this.conn = newConn();
      if (client.options.will) client.options.will.payload = Buffer.from(this.presence(false));
    });
    client.on('connect', () => void this.onConnect(client));
    client.on('message', (topic, payload, packet) => this.onMessage(topic, payload, packet.qos));
    client.on('offline', () => this.emit('offline'));
    client.on('error', (error) => this.log('mqtt error', { err: error.message }));
    await new Promise<void>((resolve, reject) => {
      const ready = () => {
        client.off('error', failed);
        resolve();
      };
      const failed = (error: Error) => {
        this.off('connected', ready);
        client.end(true);
        this.client = null;
        reject(error);
      };
      this.once('connected', ready);
      client.once('error', failed);
    });
    this.reportTimer = setInterval(() => this.report(), this.o.reportEveryMs ?? 30_000);
    this.retryTimer = setInterval(() => this.resendEvents(), this.o.eventRetryMs ?? 5_000);
  }

  /**
   * Leaves. graceful: says offline itself, then disconnects (a broker sends no will after a clean DISCONNECT).
   * Not graceful: the connection just dies, as with a power cut, and the broker publishes the will.
   */
  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    this.stops++;
    const client = this.client;
    if (!client) return;
    this.client = null;
    if (this.reportTimer) clearInterval(this.reportTimer);
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.reportTimer = this.retryTimer = null;
    if (options.graceful !== false && client.connected) {
      await client
        .publishAsync(this.topics.status, this.presence(false), { qos: 1, retain: true })
        .catch(() => undefined);
      await client.endAsync();
    } else {
      await client.endAsync(true);
    }
  }

  /**
   * The network drops for a while (the broker sends the will), then the machine connects again, unless it was
   * stopped meanwhile.
   */
  async goOfflineFor(ms: number): Promise<void> {
    await this.stop({ graceful: false });
    const stops = this.stops;
    await sleep(ms);
    if (this.stops === stops) await this.start();
  }

  /** A customer pays cash at the machine for goods from a slot. */
  sellForCash(slot: number, amountCents: number, payment: 'coin' | 'bill' = 'coin'): MachineEvent | null {
    const shelf = this.state.shelves.get(slot);
    if (!shelf || shelf.goods_id === null || shelf.quantity < 1 || !shelf.enabled) return null;
    const item = this.dispenseOne(shelf, 1);
    return this.sendEvent({
      v: PROTOCOL_VERSION,
      id: newEventId(),
      at: this.clock(),
      type: 'cash_sale',
      data: { payment, amount: amountCents, items: [item] },
    });
  }

  /**
   * A customer pays at the machine's card reader for goods from a slot: a delivery the machine charged for
   * itself, reported with its card and amount (the server makes it an order).
   */
  sellByCard(
    slot: number,
    card: string,
    amountCents: number,
    payment: 'card' | 'iccard' | 'ezcard' = 'card',
  ): MachineEvent | null {
    const shelf = this.state.shelves.get(slot);
    if (!shelf || shelf.goods_id === null || shelf.quantity < 1 || !shelf.enabled) return null;
    const item = this.dispenseOne(shelf, 1);
    return this.sendEvent({
      v: PROTOCOL_VERSION,
      id: newEventId(),
      at: this.clock(),
      type: 'delivery',
      data: { order: `M${newEventId().slice(1, 25)}`, payment, items: [item], amount: amountCents, card },
    });
  }

  /** A game played on the machine; a win hands out a prize from the slot when one is given. */
  playGame(input: {
    player?: string;
    result: 'win' | 'lose';
    plays?: number;
    prizeSlot?: number;
  }): MachineEvent {
    const shelf = input.prizeSlot !== undefined ? this.state.shelves.get(input.prizeSlot) : undefined;
    const prize =
      input.result === 'win' && shelf && shelf.quantity > 0 ? this.dispenseOne(shelf, 1) : undefined;
    return this.sendEvent({
      v: PROTOCOL_VERSION,
      id: newEventId(),
      at: this.clock(),
      type: 'game',
      data: {
        ...(input.player ? { player: input.player } : {}),
        result: input.result,
        plays: input.plays ?? 1,
        ...(prize ? { prize } : {}),
      },
    });
  }

  /** Publishes anything on any topic: tests use it to send malformed payloads or pose as another machine. */
  async publishRaw(topic: string, payload: string | Buffer, options: { qos?: 0 | 1; retain?: boolean } = {}) {
    if (!this.client) throw new Error('not started');
    await this.client.publishAsync(topic, payload, {
      qos: options.qos ?? 0,
      retain: options.retain ?? false,
    });
  }

  /** Sends an event (resent until acknowledged) and answers it. */
  sendEvent(event: MachineEvent): MachineEvent {
    this.outbox.set(event.id, event);
    this.publishEvent(event);
    return event;
  }

  private async onConnect(client: MqttClient): Promise<void> {
    try {
      // Subscribe before announcing: what the server sends on "online" must find us listening.
      await client.subscribeAsync([this.topics.command, this.topics.eventAck], { qos: 1 });
      await client.publishAsync(this.topics.status, this.presence(true), { qos: 1, retain: true });
      this.report();
      this.resendEvents();
      this.emit('connected');
    } catch (error) {
      this.log('announce failed', { err: (error as Error).message });
    }
  }

  /** Online presence says which settings and shelves the machine holds, so the server sends what it lacks. */
  private presence(online: boolean): string {
    const message: PresenceMessage = {
      v: PROTOCOL_VERSION,
      online,
      conn: this.conn,
      at: this.clock(),
      ...(online
        ? {
            settings_rev: this.state.settingsRev,
            shelves_rev: this.state.shelvesRev,
            ads_rev: this.state.adsRev,
          }
        : {}),
    };
    return JSON.stringify(message);
  }

  private report(): void {
    if (!this.client?.connected) return;
    // Lucky-bag machines run Android and say which.
    const android = this.o.androidVersion ?? (this.o.type === 'fdj' ? '10' : undefined);
    const report: StatusReport = {
      v: PROTOCOL_VERSION,
      rssi: this.rssiValue,
      version: this.o.version ?? '2.4.1',
      mversion: this.o.mversion ?? 'MB-1.7',
      imei: this.o.imei ?? imeiFor(this.sn),
      ...(android ? { android_version: android } : {}),
      power: this.state.power,
      door: 'closed',
      at: this.clock(),
    };
    this.client.publish(this.topics.report, JSON.stringify(report), { qos: 0 });
  }

  private publishEvent(event: MachineEvent): void {
    if (this.client?.connected) this.client.publish(this.topics.event, JSON.stringify(event), { qos: 1 });
  }

  private resendEvents(): void {
    for (const event of this.outbox.values()) this.publishEvent(event);
  }

  private onMessage(topic: string, payload: Buffer, qos: number): void {
    if (topic === this.topics.eventAck) {
      // Stored, stored before, or rejected (never storable): either way it is not sent again. Only the first
      // answer counts: a resend that crossed the acknowledgement is answered again, and that answer is ignored.
      const ack = parsePayload(eventAck, payload);
      if (ack && this.outbox.delete(ack.id)) this.emit('event-acked', ack, qos);
      return;
    }
    if (topic !== this.topics.command) return;
    const command = parsePayload(commandMessage, payload);
    if (!command) {
      this.log('malformed command ignored', { payload: payload.toString('utf8').slice(0, 200) });
      return;
    }
    const earlier = this.outcomes.get(command.id);
    if (earlier) {
      // QoS 1 is at least once (a gateway's client resends what the broker had not acknowledged when the link
      // came back): a command is run once, and a repeat only gets the same answer again.
      this.repeats.push(command);
      void earlier.then((outcome) => this.publishAck(command, outcome));
      return;
    }
    this.commands.push(command);
    this.emit('command', command);
    const outcome = this.execute(command);
    this.outcomes.set(command.id, outcome);
    // Remembered long enough for any resend (a command expires within seconds), bounded in memory.
    if (this.outcomes.size > REMEMBERED_COMMANDS) this.outcomes.delete(this.outcomes.keys().next().value!);
    void outcome.then((o) => this.answer(command, o));
  }

  private async publishAck(command: CommandMessage, outcome: Outcome): Promise<void> {
    const ack: CommandAck = outcome.ok
      ? { v: PROTOCOL_VERSION, id: command.id, ok: true, result: outcome.result }
      : {
          v: PROTOCOL_VERSION,
          id: command.id,
          ok: false,
          code: outcome.code,
          ...(outcome.msg ? { msg: outcome.msg } : {}),
        };
    await this.client
      ?.publishAsync(this.topics.ack(command.reply), JSON.stringify(ack), { qos: 1 })
      .catch((error: Error) => this.log('ack failed', { err: error.message }));
  }

  private async answer(command: CommandMessage, outcome: Outcome): Promise<void> {
    await this.publishAck(command, outcome);
    // A delivery is also an event, sent after the answer, like a real machine reporting its sale.
    if (outcome.ok && command.name === 'vend') {
      const args = commandSchemas.vend.args.parse(command.args);
      const result = outcome.result as { items: DeliveredItem[] };
      this.sendEvent({
        v: PROTOCOL_VERSION,
        id: newEventId(),
        at: this.clock(),
        type: 'delivery',
        data: { order: args.order, payment: args.payment, items: result.items },
      });
    }
    // A paid play: the player plays now, and the machine reports how it went.
    if (outcome.ok && command.name === 'play') {
      const args = commandSchemas.play.args.parse(command.args);
      setTimeout(() => this.finishPlay(args), this.delay());
    }
    if (outcome.ok && command.name === 'power') {
      const args = commandSchemas.power.args.parse(command.args);
      if (args.action === 'reboot') setTimeout(() => void this.goOfflineFor(this.o.rebootMs ?? 3_000), 100);
    }
  }

  private async execute(command: CommandMessage): Promise<Outcome> {
    if (this.clock() > command.expires) return { ok: false, code: 'expired' };
    const name: CommandName = command.name;
    const args = commandSchemas[name].args.safeParse(command.args);
    if (!args.success) return { ok: false, code: 'invalid', msg: args.error.issues[0]?.message ?? '' };
    const motor = name === 'vend' || name === 'test_out';
    if (motor && (this.busy || this.held)) return { ok: false, code: 'busy' };
    if (motor) this.busy = true;
    try {
      await sleep(this.delay());
      return this.apply(name, args.data);
    } finally {
      if (motor) this.busy = false;
    }
  }

  /** What each command does to the machine. */
  private apply(name: CommandName, args: unknown): Outcome {
    const s = this.state;
    switch (name) {
      case 'vend': {
        const { items } = args as { items: Array<{ slot: number; quantity: number }> };
        for (const item of items) {
          const shelf = s.shelves.get(item.slot);
          if (!shelf || shelf.quantity < item.quantity) return { ok: false, code: 'out_of_stock' };
        }
        return {
          ok: true,
          result: { items: items.map((i) => this.dispenseOne(s.shelves.get(i.slot)!, i.quantity)) },
        };
      }
      case 'play': {
        const { slot } = args as { slot?: number };
        if (slot !== undefined && !s.shelves.has(slot))
          return { ok: false, code: 'invalid', msg: 'no such slot' };
        return { ok: true, result: {} };
      }
      case 'test_out': {
        const { slot } = args as { slot: number };
        if (!s.shelves.has(slot)) return { ok: false, code: 'invalid', msg: 'no such slot' };
        return { ok: true, result: { slot, fault: this.maybeFault() } };
      }
      case 'power': {
        const { target, action } = args as { target: string; action: 'on' | 'off' | 'reboot' };
        if (target === 'machine' && action !== 'reboot') s.power = action;
        return { ok: true, result: {} };
      }
      case 'lamp': {
        const lamp = args as { on: boolean; color: string; brightness: number };
        s.lamp = { on: lamp.on, color: lamp.color, brightness: lamp.brightness };
        return { ok: true, result: {} };
      }
      case 'settings': {
        const { rev, settings } = args as { rev: number; settings: DeviceSettings };
        s.settings = settings;
        s.settingsRev = rev;
        s.lamp = {
          on: settings.lamp_ctrl === 1,
          color: settings.lamp_color,
          brightness: settings.lamp_brightness,
        };
        return { ok: true, result: { rev } };
      }
      case 'shelf_config': {
        const { rev, shelves } = args as { rev: number; shelves: ShelfConfig[] };
        s.shelves = new Map(shelves.map((shelf) => [shelf.slot, { ...shelf }]));
        s.shelvesRev = rev;
        return { ok: true, result: { rev } };
      }
      case 'ads': {
        const { rev, ads } = args as { rev: number; ads: MachineAd[] };
        s.ads = ads;
        s.adsRev = rev;
        this.log('ads received', { rev, ads: ads.map((ad) => `${ad.id}:${ad.type}:${ad.name}`) });
        this.emit('ads', ads);
        return { ok: true, result: { rev } };
      }
      case 'reset_shelf_ids': {
        const { shelves } = args as { shelves: Array<{ slot: number; channel_sn: number }> };
        for (const change of shelves) {
          const shelf = s.shelves.get(change.slot);
          if (shelf) shelf.channel_sn = change.channel_sn;
        }
        return { ok: true, result: {} };
      }
      case 'set_shelf_count': {
        const { count } = args as { count: number };
        for (const slot of [...s.shelves.keys()]) if (slot > count) s.shelves.delete(slot);
        for (let slot = 1; slot <= count; slot++)
          if (!s.shelves.has(slot)) s.shelves.set(slot, emptyShelf(slot));
        return { ok: true, result: { count } };
      }
      case 'put_down_goods': {
        const { slots } = args as { slots: number[] };
        for (const slot of slots) {
          const shelf = s.shelves.get(slot);
          if (shelf) Object.assign(shelf, { goods_id: null, quantity: 0 });
        }
        return { ok: true, result: {} };
      }
      case 'set_quantity': {
        const { shelves } = args as { shelves: Array<{ slot: number; quantity: number }> };
        for (const change of shelves) {
          const shelf = s.shelves.get(change.slot);
          if (shelf) shelf.quantity = change.quantity;
        }
        return { ok: true, result: {} };
      }
      case 'bind_state': {
        const { bound, title } = args as { bound: boolean; title: string };
        s.bound = bound;
        s.title = title;
        return { ok: true, result: {} };
      }
      case 'ping':
        return {
          ok: true,
          result: {
            version: this.o.version ?? '2.4.1',
            uptime_s: Math.floor((Date.now() - this.startedAt) / 1000),
          },
        };
    }
  }

  private finishPlay(args: {
    order: string;
    plays: number;
    slot?: number | undefined;
    difficulty: DeviceSettings['difficulty'];
    player?: string | undefined;
  }): void {
    const shelf = args.slot !== undefined ? this.state.shelves.get(args.slot) : undefined;
    const chance =
      args.difficulty === 'extreme' ? 0 : (this.o.gameWinRate ?? (shelf ? shelf.probability / 100 : 0));
    const win = this.random() < chance;
    const prize = win && shelf && shelf.quantity > 0 ? this.dispenseOne(shelf, 1) : undefined;
    this.sendEvent({
      v: PROTOCOL_VERSION,
      id: newEventId(),
      at: this.clock(),
      type: 'game',
      data: {
        order: args.order,
        ...(args.player ? { player: args.player } : {}),
        result: win ? 'win' : 'lose',
        plays: args.plays,
        difficulty: args.difficulty,
        ...(prize ? { prize } : {}),
      },
    });
  }

  private dispenseOne(shelf: SimShelf, quantity: number): DeliveredItem {
    const fault = this.maybeFault();
    const delivered = fault === 0 ? quantity : 0;
    shelf.quantity -= delivered;
    return { slot: shelf.slot, quantity, delivered, fault };
  }

  private maybeFault(): Fault {
    if (this.random() >= (this.o.faultRate ?? 0)) return 0;
    return 1 + Math.floor(this.random() * 10);
  }

  private delay(): number {
    const d = this.o.commandDelayMs ?? [100, 400];
    if (typeof d === 'number') return d;
    return d[0] + Math.floor(this.random() * (d[1] - d[0] + 1));
  }

  private log(message: string, data: Record<string, unknown> = {}): void {
    this.o.log?.(message, { sn: this.sn, ...data });
  }
}

/** How many command ids a machine remembers to answer a repeat without running it again. */
const REMEMBERED_COMMANDS = 256;

function emptyShelf(slot: number): SimShelf {
  return {
    slot,
    channel_sn: slot,
    name: '',
    price: 2,
    game_price: 2,
    quantity: 0,
    capacity: 10,
    probability: 0,
    difficulty: 'normal',
    enabled: 1,
    goods_id: null,
  };
}

function newConn(): string {
  return `c${randomBytes(6).toString('hex')}`;
}

function newEventId(): string {
  return `e${randomUUID().replace(/-/g, '')}`;
}

/** A stable 15-digit IMEI-like number per sn, so reports stay the same across restarts. */
function imeiFor(sn: string): string {
  return `86${sn.replace(/\D/g, '').padStart(13, '0').slice(-13)}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
