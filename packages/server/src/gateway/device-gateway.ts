import { randomBytes, randomUUID } from 'node:crypto';
import {
  PROTOCOL_VERSION,
  SILENT_AFTER_MS,
  commandAck,
  commandSchemas,
  deviceTopics,
  eventEnvelope,
  gatewayFilters,
  machineEvent,
  parseMachineTopic,
  parsePayload,
  presenceMessage,
  statusReport,
  type CommandArgs,
  type CommandMessage,
  type CommandName,
  type CommandResult,
  type EventAck,
  type MachineEvent,
  type PresenceMessage,
  type RefusalCode,
  type StatusReport,
} from '@vendo/contract/device-protocol';
import type { BrokerLink } from './broker-link';
import type { EventToRecord, GatewayLog, MachineEventStore, MachineStateStore } from './machine-ports';
import { logFault } from '../platform/database-faults';

/**
 * Event acknowledgements go at QoS 0 (decision 053). Their delivery is already guaranteed end to end: the machine
 * resends an event until it is acknowledged, and a resend of a stored event is answered `duplicate` with the same
 * id, which is all the machine needs. QoS 1 would add a PUBACK and the broker's in-flight state per sale and
 * still lose the ack when the connection drops (machines use clean sessions: nothing is kept for them).
 * bench:gateway's "bare aedes + event-ack" baseline answers at this QoS too.
 */
export const EVENT_ACK_QOS = 0;

export type CommandOutcome<N extends CommandName> =
  | { status: 'acked'; result: CommandResult<N>; latencyMs: number }
  | { status: 'refused'; code: RefusalCode; msg: string }
  | { status: 'timeout' }
  | { status: 'link_down' };

export interface DeviceGatewayOptions {
  prefix: string;
  state: MachineStateStore;
  events: MachineEventStore;
  log: GatewayLog;
  clock: () => number;
  /** Reports are coalesced per machine and written together this often. */
  reportFlushMs?: number;
  /**
   * Events received and not yet committed. At this many the gateway stops taking more from the broker link (the
   * link stops reading those machines) until a commit makes room: memory stays bounded under any burst.
   */
  maxEventsInFlight?: number;
  /** Most events stored in one transaction (group commit). */
  maxEventsPerCommit?: number;
  /** How often machines not heard from for SILENT_AFTER_MS are pinged (checkSilent). */
  silenceCheckMs?: number;
  /** How long a silent machine has to answer that ping before it is marked offline. */
  probeTimeoutMs?: number;
  /**
   * After the broker link comes back, how long machines have to reconnect and announce themselves before those
   * not heard from since are pinged (linkBack).
   */
  reconnectGraceMs?: number;
}

interface Pending {
  sn: string;
  name: CommandName;
  sentAt: number;
  settle: (outcome: CommandOutcome<CommandName>) => void;
  timer: NodeJS.Timeout;
}

/** Counters for logs and the benchmark. */
export interface GatewayStats {
  status: number;
  reports: number;
  reportsWritten: number;
  events: number;
  eventsStored: number;
  eventsDuplicate: number;
  acks: number;
  malformed: number;
  /** Events whose effects failed (rolled back alone, not acknowledged: the machine sends them again). */
  eventsFailed: number;
  /** Transactions of events that failed as a whole (nothing of them stored or acknowledged). */
  commitsFailed: number;
  /** Transactions of events committed. */
  commits: number;
  /** Times the gateway stopped taking events because maxEventsInFlight were waiting. */
  backpressured: number;
  /** Events refused as breaking the protocol (acknowledged as rejected, never stored). */
  eventsRejected: number;
  /** Machines marked offline because they went silent and did not answer a ping. */
  silentOffline: number;
}

/**
 * The server's side of the device protocol (docs/device-protocol.md): presence, reports, machine events and
 * command RPC over one broker link. Malformed messages are counted, logged and dropped: nothing a machine sends
 * can throw out of here.
 */
export class DeviceGateway {
  /** Names this process on the reply topics: acks come back to the process that sent the command. */
  readonly id = `gw-${randomBytes(6).toString('hex')}`;
  readonly stats: GatewayStats = {
    status: 0,
    reports: 0,
    reportsWritten: 0,
    events: 0,
    eventsStored: 0,
    eventsDuplicate: 0,
    acks: 0,
    malformed: 0,
    eventsFailed: 0,
    commitsFailed: 0,
    commits: 0,
    backpressured: 0,
    eventsRejected: 0,
    silentOffline: 0,
  };

  private link: BrokerLink | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly onlineListeners: Array<(sn: string, presence: PresenceMessage) => void> = [];
  private readonly presenceListeners: Array<(sn: string, change: 'online' | 'offline') => void> = [];
  private readonly eventListeners: Array<(sn: string, event: MachineEvent) => void> = [];
  /** Per machine, the tail of its presence and event work, so each machine's messages apply in order. */
  private readonly chains = new Map<string, Promise<void>>();
  /** Events received, in order, waiting for the next commit. */
  private eventQueue: EventToRecord[] = [];
  /** Events in the transaction being committed now. */
  private eventsCommitting = 0;
  private committing: Promise<void> | null = null;
  /** Machines marked offline at the start of an embedded broker: presence applies after it. */
  private marked: Promise<void> = Promise.resolve();
  /** Deliveries held back until there is room (backpressure on the broker link). */
  private roomWaiters: Array<() => void> = [];
  private reports = new Map<string, StatusReport>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private silenceTimer: NodeJS.Timeout | null = null;
  private silenceCheck: Promise<number> | null = null;
  /** Cancels the check waiting for its grace after the link came back (it then answers 0). */
  private cancelReconnectCheck: (() => void) | null = null;
  /** The check after the link came back, for stop() and the tests. */
  private reconnectCheck: Promise<number> | null = null;

  constructor(private readonly o: DeviceGatewayOptions) {}

  get running(): boolean {
    return this.link !== null && this.link.connected;
  }

  get prefix(): string {
    return this.o.prefix;
  }

  /**
   * Called after a machine comes online (once per new connection) with its presence, which says which
   * revisions it holds: to push what it misses.
   */
  onOnline(listener: (sn: string, presence: PresenceMessage) => void): void {
    this.onlineListeners.push(listener);
  }

  /** Called after a machine's presence changed (not for the mass offline at start); notifications use it. */
  onPresence(listener: (sn: string, change: 'online' | 'offline') => void): void {
    this.presenceListeners.push(listener);
  }

  /** Called after a machine event was stored (committed) for the first time; notifications use it. */
  onEventStored(listener: (sn: string, event: MachineEvent) => void): void {
    this.eventListeners.push(listener);
  }

  async start(link: BrokerLink): Promise<void> {
    if (this.link) throw new Error('gateway already started');
    const now = this.o.clock();
    // The broker starts with this process, so nobody is connected: what the table says is stale. Subscribed
    // before this completes (it may wait for the ingest worker to start): the in-process link replays no
    // retained presence, so a machine announcing itself meanwhile would be missed; its presence waits instead.
    const marked =
      link.kind === 'embedded'
        ? this.o.state.markAllOffline(now).then((count) => {
            if (count > 0) this.o.log.info({ count }, 'machines marked offline at gateway start');
          })
        : Promise.resolve();
    this.marked = marked.catch(() => undefined);
    this.link = link;
    const filters = gatewayFilters(this.o.prefix, this.id);
    const onMessage = (topic: string, payload: Buffer): Promise<void> | undefined =>
      this.receive(topic, payload);
    // Presence is read by every gateway process (not shared): the broker then also hands over the retained
    // statuses, which is how a restarted gateway learns who is online. Applying it is idempotent.
    await link.subscribe([filters.status], false, onMessage);
    await link.subscribe([filters.report, filters.event], true, onMessage);
    await link.subscribe([filters.ack], false, onMessage);
    link.onReconnect?.(() => this.linkBack());
    this.flushTimer = setInterval(() => void this.flushReports(), this.o.reportFlushMs ?? 1_000);
    this.flushTimer.unref();
    this.silenceTimer = setInterval(() => void this.checkSilent(), this.o.silenceCheckMs ?? 30_000);
    this.silenceTimer.unref();
    try {
      await marked;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Stops reading, answers every waiting command with link_down, writes the last reports. */
  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.silenceTimer) clearInterval(this.silenceTimer);
    this.cancelReconnectCheck?.();
    this.flushTimer = this.silenceTimer = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.settle({ status: 'link_down' });
    }
    this.link = null;
    await this.flushReports();
    await Promise.allSettled([
      ...this.chains.values(),
      this.silenceCheck,
      this.reconnectCheck,
      this.committing,
    ]);
    this.releaseRoom(true);
  }

  /**
   * Presence for machines whose connection died without the broker telling us (an external broker without
   * their will, a half-open connection): each online machine not heard from (presence or report) for
   * SILENT_AFTER_MS is pinged, and marked offline when it does not answer within the probe timeout and was not
   * heard from meanwhile. Answers how many went offline. Runs every silenceCheckMs; one round at a time.
   */
  checkSilent(probeTimeoutMs = this.o.probeTimeoutMs ?? 5_000, heardBefore?: number): Promise<number> {
    this.silenceCheck ??= this.probeSilent(
      probeTimeoutMs,
      heardBefore ?? this.o.clock() - SILENT_AFTER_MS,
    ).finally(() => {
      this.silenceCheck = null;
    });
    return this.silenceCheck;
  }

  /**
   * The broker link came back after it was lost. The broker may have restarted: then it lost the connections, and
   * with them the wills of machines that went away meanwhile (and, without persistence, their retained statuses),
   * so nothing would ever tell this process they are offline. The machines that are up reconnect and announce a
   * new connection within the grace; every machine still online and not heard from since the link came back is
   * then pinged, and marked offline when it does not answer (decision 043). Answers the check, for tests.
   */
  linkBack(): Promise<number> {
    const since = this.o.clock();
    // A newer reconnect replaces a check still in its grace.
    this.cancelReconnectCheck?.();
    const check = new Promise<number>((resolve) => {
      const timer = setTimeout(() => {
        this.cancelReconnectCheck = null;
        resolve(this.checkSince(since));
      }, this.o.reconnectGraceMs ?? 5_000);
      timer.unref();
      this.cancelReconnectCheck = () => {
        clearTimeout(timer);
        this.cancelReconnectCheck = null;
        resolve(0);
      };
    });
    this.reconnectCheck = check;
    void check.finally(() => {
      if (this.reconnectCheck === check) this.reconnectCheck = null;
    });
    return check;
  }

  /** A round over the machines not heard from since `since`, after the round already running (one at a time). */
  private async checkSince(since: number): Promise<number> {
    while (this.silenceCheck) await this.silenceCheck;
    return this.checkSilent(undefined, since);
  }

  private async probeSilent(probeTimeoutMs: number, heardBefore: number): Promise<number> {
    if (!this.running) return 0;
    const silent = await this.o.state.silent(heardBefore, 1_000);
    let offline = 0;
    for (let i = 0; i < silent.length; i += 100) {
      await Promise.all(
        silent.slice(i, i + 100).map(async ({ sn, conn }) => {
          const outcome = await this.send(sn, 'ping', {}, { timeoutMs: probeTimeoutMs });
          if (outcome.status === 'link_down') return;
          const now = this.o.clock();
          if (outcome.status !== 'timeout') return this.o.state.heard(sn, now);
          this.enqueue(sn, async () => {
            if (!(await this.o.state.silentOffline(sn, conn, heardBefore, now))) return;
            offline++;
            this.stats.silentOffline++;
            this.o.log.info({ sn, conn }, 'silent machine did not answer a ping: offline');
            for (const listener of this.presenceListeners) listener(sn, 'offline');
          });
          await this.chains.get(sn);
        }),
      );
    }
    return offline;
  }

  /**
   * Sends a command and waits for its acknowledgement. The caller checks that the machine is online; this
   * answers what happened on the wire: acked, refused by the machine, timeout, or no link.
   */
  async send<N extends CommandName>(
    sn: string,
    name: N,
    args: CommandArgs<N>,
    options: { timeoutMs: number; id?: string },
  ): Promise<CommandOutcome<N>> {
    const link = this.link;
    if (!link || !link.connected) return { status: 'link_down' };
    const id = options.id ?? randomUUID();
    const message: CommandMessage = {
      v: PROTOCOL_VERSION,
      id,
      name,
      args: commandSchemas[name].args.parse(args) as Record<string, unknown>,
      reply: this.id,
      expires: this.o.clock() + options.timeoutMs,
    };
    const outcome = new Promise<CommandOutcome<N>>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ status: 'timeout' });
      }, options.timeoutMs);
      this.pending.set(id, {
        sn,
        name,
        sentAt: Date.now(),
        timer,
        settle: resolve as (o: CommandOutcome<CommandName>) => void,
      });
    });
    try {
      await link.publish(deviceTopics(this.o.prefix, sn).command, JSON.stringify(message), { qos: 1 });
    } catch (error) {
      this.o.log.warn({ err: (error as Error).message, sn, name }, 'command publish failed');
      const p = this.pending.get(id);
      if (p) {
        clearTimeout(p.timer);
        this.pending.delete(id);
        p.settle({ status: 'link_down' });
      }
    }
    return outcome;
  }

  /** Events received and not committed yet. */
  get eventsInFlight(): number {
    return this.eventQueue.length + this.eventsCommitting;
  }

  /**
   * Entry point of every message; never throws. Answers a promise when the link should deliver nothing more
   * until it settles (too many events waiting for a commit).
   */
  private receive(topic: string, payload: Buffer): Promise<void> | undefined {
    // Stopped (shutting down): what the broker still hands over is neither stored nor acknowledged, so the
    // machine sends it again to whichever process holds it next; the events taken before stop() are committed.
    if (!this.link) return undefined;
    try {
      const parsed = parseMachineTopic(this.o.prefix, topic);
      if (!parsed) return;
      switch (parsed.kind) {
        case 'status':
          this.receiveStatus(parsed.sn, topic, payload);
          return;
        case 'report':
          this.receiveReport(parsed.sn, topic, payload);
          return;
        case 'event':
          return this.receiveEvent(parsed.sn, topic, payload);
        case 'ack':
          this.receiveAck(parsed.sn, topic, payload);
          return;
      }
    } catch (error) {
      logFault(this.o.log, error, { topic }, 'gateway failed on a message');
    }
    return undefined;
  }

  private malformed(topic: string, payload: Buffer): void {
    this.stats.malformed++;
    this.o.log.warn(
      { topic, payload: payload.subarray(0, 200).toString('utf8') },
      'malformed payload dropped',
    );
  }

  private receiveStatus(sn: string, topic: string, payload: Buffer): void {
    // An empty retained message is how a retained status is cleared; it says nothing.
    if (payload.length === 0) return;
    const message = parsePayload(presenceMessage, payload);
    if (!message) return this.malformed(topic, payload);
    this.stats.status++;
    this.enqueue(sn, async () => {
      await this.marked;
      const change = await this.o.state.presence(sn, message, this.o.clock());
      this.o.log.debug({ sn, online: message.online, conn: message.conn, change }, 'presence');
      if (change === 'online') for (const listener of this.onlineListeners) listener(sn, message);
      if (change !== 'ignored') for (const listener of this.presenceListeners) listener(sn, change);
    });
  }

  private receiveReport(sn: string, topic: string, payload: Buffer): void {
    const report = parsePayload(statusReport, payload);
    if (!report) return this.malformed(topic, payload);
    this.stats.reports++;
    this.reports.set(sn, report);
  }

  private receiveEvent(sn: string, topic: string, payload: Buffer): Promise<void> | undefined {
    const event = parsePayload(machineEvent, payload);
    if (!event) {
      this.rejectEvent(sn, topic, payload);
      return undefined;
    }
    this.stats.events++;
    this.eventQueue.push({ sn, event });
    this.commitSoon();
    if (this.eventsInFlight < (this.o.maxEventsInFlight ?? 2_000)) return undefined;
    this.stats.backpressured++;
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Starts committing the waiting events unless a commit loop is running (it takes them next). */
  private commitSoon(): void {
    this.committing ??= this.commitWaiting().finally(() => {
      this.committing = null;
    });
  }

  /**
   * Group commit: while events wait, take up to maxEventsPerCommit of them (in arrival order, so each machine's
   * events apply in order) and store them in one transaction; acknowledge each only after that commit. A store
   * that takes batches ahead (batchesAhead) gets the next batch while one commits.
   */
  private async commitWaiting(): Promise<void> {
    const max = this.o.maxEventsPerCommit ?? 256;
    const depth = 1 + (this.o.events.batchesAhead ?? 0);
    const running = new Set<Promise<void>>();
    while (this.eventQueue.length > 0 || running.size > 0) {
      if (this.eventQueue.length === 0 || running.size >= depth) {
        await Promise.race(running);
        continue;
      }
      // One turn of the event loop first: what the broker has already read joins this batch.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.eventQueue.splice(0, max);
      if (batch.length === 0) continue;
      this.eventsCommitting += batch.length;
      const done: Promise<void> = this.commit(batch).finally(() => {
        this.eventsCommitting -= batch.length;
        running.delete(done);
        this.releaseRoom(false);
      });
      running.add(done);
    }
  }

  private async commit(batch: EventToRecord[]): Promise<void> {
    let results;
    try {
      results = await this.o.events.recordBatch(batch, this.o.clock());
    } catch (error) {
      // Nothing of the batch is stored and nothing is acknowledged: every machine sends its event again.
      this.stats.commitsFailed++;
      logFault(this.o.log, error, { count: batch.length }, 'storing machine events failed');
      return;
    }
    this.stats.commits++;
    // Which process stored what, for the several-processes test (LOG_LEVEL debug); pino skips it otherwise.
    this.o.log.debug(
      {
        gateway: this.id,
        stored: results.filter((r) => r.outcome === 'stored').length,
        duplicate: results.filter((r) => r.outcome === 'duplicate').length,
      },
      'machine events committed',
    );
    for (const [i, { sn, event }] of batch.entries()) {
      const result = results[i];
      if (!result) continue;
      if (result.outcome === 'failed') {
        this.stats.eventsFailed++;
        this.o.log.error({ err: result.error, sn, id: event.id }, 'machine event failed, not acknowledged');
        continue;
      }
      if (result.outcome === 'unknown_device') {
        this.o.log.warn({ sn, id: event.id }, 'event from an unknown machine dropped');
        continue;
      }
      if (result.outcome === 'stored') {
        this.stats.eventsStored++;
        for (const listener of this.eventListeners) listener(sn, event);
      } else this.stats.eventsDuplicate++;
      // Acknowledged only now, after the commit: a crash before this line means the machine resends.
      const ack: EventAck = { v: PROTOCOL_VERSION, id: event.id, status: result.outcome };
      this.link
        ?.publish(deviceTopics(this.o.prefix, sn).eventAck, JSON.stringify(ack), { qos: EVENT_ACK_QOS })
        .catch((error: unknown) =>
          this.o.log.warn({ err: (error as Error).message, sn }, 'event acknowledgement not sent'),
        );
    }
  }

  /** Lets held deliveries go on while there is room (all of them when stopping). */
  private releaseRoom(all: boolean): void {
    const max = this.o.maxEventsInFlight ?? 2_000;
    while (this.roomWaiters.length > 0 && (all || this.eventsInFlight < max)) this.roomWaiters.shift()?.();
  }

  /**
   * An event that breaks the protocol is never stored. When its id can be read the machine is told it was
   * rejected, so it stops resending what can never be stored; otherwise it is only counted and logged.
   */
  private rejectEvent(sn: string, topic: string, payload: Buffer): void {
    const envelope = parsePayload(eventEnvelope, payload);
    if (!envelope) return this.malformed(topic, payload);
    this.stats.malformed++;
    this.stats.eventsRejected++;
    this.o.log.warn(
      {
        sn,
        id: envelope.id,
        problem: eventProblem(payload),
        payload: payload.subarray(0, 200).toString('utf8'),
      },
      'machine event rejected: it breaks the device protocol, not stored',
    );
    const ack: EventAck = { v: PROTOCOL_VERSION, id: envelope.id, status: 'rejected' };
    this.link
      ?.publish(deviceTopics(this.o.prefix, sn).eventAck, JSON.stringify(ack), { qos: EVENT_ACK_QOS })
      .catch((error: unknown) =>
        this.o.log.warn({ err: (error as Error).message, sn }, 'event rejection not sent'),
      );
  }

  private receiveAck(sn: string, topic: string, payload: Buffer): void {
    const ack = parsePayload(commandAck, payload);
    if (!ack) return this.malformed(topic, payload);
    this.stats.acks++;
    const p = this.pending.get(ack.id);
    // Late (after the timeout) or not ours; a machine cannot answer another machine's command.
    if (!p || p.sn !== sn) return;
    clearTimeout(p.timer);
    this.pending.delete(ack.id);
    if (!ack.ok) {
      p.settle({ status: 'refused', code: ack.code ?? 'fault', msg: ack.msg ?? '' });
      return;
    }
    const result = commandSchemas[p.name].result.safeParse(ack.result ?? {});
    if (!result.success) {
      this.malformed(topic, payload);
      p.settle({ status: 'refused', code: 'invalid', msg: 'malformed result' });
      return;
    }
    p.settle({ status: 'acked', result: result.data, latencyMs: Date.now() - p.sentAt });
  }

  private enqueue(sn: string, work: () => Promise<void>): void {
    const previous = this.chains.get(sn) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error: unknown) => logFault(this.o.log, error, { sn }, 'machine message failed'));
    this.chains.set(sn, next);
    void next.then(() => {
      if (this.chains.get(sn) === next) this.chains.delete(sn);
    });
  }

  private async flushReports(): Promise<void> {
    await this.flushing;
    if (this.reports.size === 0) return;
    const batch = this.reports;
    this.reports = new Map();
    this.flushing = this.o.state
      .reports(batch, this.o.clock())
      .then(() => {
        this.stats.reportsWritten += batch.size;
      })
      .catch((error: unknown) =>
        logFault(this.o.log, error, { count: batch.size }, 'writing reports failed'),
      );
    await this.flushing;
  }
}

/** The first thing wrong with an event that did not parse, for the log. */
function eventProblem(payload: Buffer): string {
  try {
    const issue = machineEvent.safeParse(JSON.parse(payload.toString('utf8'))).error?.issues[0];
    return issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown';
  } catch {
    return 'not JSON';
  }
}
