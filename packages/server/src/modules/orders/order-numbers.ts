import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { zonedDate } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';

/*
 * Order (and refund) numbers: a letter or two, the local date and time to the second, then six digits — the
 * number's node (two digits: which server process made it) and a counter of that second (four digits):
 * `V20261122100000` + `07` + `0042`, 21 characters, as the numbers have always looked.
 *
 * Unique by construction, never by retrying:
 * - a process holds one of the 100 node slots (order_number_nodes) while it runs, renewing its lease; no two live
 *   processes hold the same slot;
 * - within its slot a process counts the numbers of each second (10,000 a second; the 10,001st takes the next
 *   second);
 * - a slot's row reserves the seconds its holder may stamp (`reserved_until`, a few minutes ahead, written before
 *   they are used); whoever takes the slot next starts after that reservation. So a process that crashed, or one
 *   that stalled past its lease and is still running, never shares a second with the slot's next holder.
 * A time outside what the process may stamp (before its slot's start, beyond its reservation) is stamped with
 * the nearest second it may: the number stays unique and within minutes of the time.
 */

/** Node slots: the two digits after the time. */
export const ORDER_NUMBER_NODES = 100;
/** Numbers per second and node: the four digits of the counter. */
const PER_SECOND = 10_000;
/** How far ahead of its clock a process reserves the seconds it may stamp, and when it reserves more. */
const RESERVE_AHEAD_S = 600;
const RESERVE_MORE_WITHIN_S = 300;
/** A slot whose holder stopped renewing for this long may be taken by another process. */
const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 10_000;
/** Seconds remembered; beyond this the oldest half is forgotten (and no longer stamped). */
const MAX_TRACKED_SECONDS = 100_000;

export interface OrderNumbersDeps {
  db: Kysely<Database>;
  /** Leases and reservations follow this clock. */
  clock: () => number;
  /** The zone of the stamp's local time. */
  timeZone: string;
  log: Pick<GatewayLog, 'error'>;
  /** Renews on a timer (default); tests renew by hand. */
  timer?: boolean;
}

interface Slot {
  node: number;
  /** The first second this holder may stamp (after every earlier holder's reservation). */
  from: number;
  /** The last second it may stamp: written to the slot before any number uses it. */
  until: number;
}

/** The local date and time of an instant, as seconds since 1970-01-01 00:00 of that calendar (the stamp's value). */
export function localSecond(ms: number, timeZone: string): number {
  const d = zonedDate(ms, timeZone);
  return Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute, d.second) / 1000;
}

/** localSecond with the last few seconds remembered: a burst asks for the same second thousands of times. */
class LocalSeconds {
  private readonly known = new Map<number, number>();

  constructor(private readonly timeZone: string) {}

  of(ms: number): number {
    const utc = Math.floor(ms / 1000);
    let local = this.known.get(utc);
    if (local === undefined) {
      if (this.known.size >= 64) this.known.clear();
      local = localSecond(utc * 1000, this.timeZone);
      this.known.set(utc, local);
    }
    return local;
  }
}

/** 'YYYYMMDDhhmmss' of a local second. */
function stamp(second: number): string {
  const d = new Date(second * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(
    d.getUTCMinutes(),
  )}${pad(d.getUTCSeconds())}`;
}

export class OrderNumbers {
  /** Names this process in the slot rows. */
  readonly holder = `n-${randomBytes(8).toString('hex')}`;
  private slot: Slot | null = null;
  /** Numbers made per second in the current slot. */
  private used = new Map<number, number>();
  private renewing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly seconds: LocalSeconds;

  private constructor(private readonly d: OrderNumbersDeps) {
    this.seconds = new LocalSeconds(d.timeZone);
  }

  /** Takes a node slot; the generator is ready when this resolves. */
  static async start(deps: OrderNumbersDeps): Promise<OrderNumbers> {
    const numbers = new OrderNumbers(deps);
    numbers.slot = await numbers.claim();
    if (deps.timer !== false) {
      numbers.timer = setInterval(() => numbers.kick(), RENEW_EVERY_MS);
      numbers.timer.unref();
    }
    return numbers;
  }

  /** The node slot this process stamps its numbers with. */
  get node(): number {
    return this.current().node;
  }

  /**
   * The next number for something that happened at `at`: `prefix` + local time + node + counter. Synchronous,
   * so it can be called inside any transaction.
   */
  next(at: number, prefix = 'V'): string {
    const slot = this.current();
    const wanted = this.seconds.of(at);
    if (slot.until - this.nowSecond() < RESERVE_MORE_WITHIN_S) this.kick();
    for (let second = Math.min(Math.max(wanted, slot.from), slot.until); second <= slot.until; second++) {
      const count = this.used.get(second) ?? 0;
      if (count >= PER_SECOND) continue;
      this.used.set(second, count + 1);
      if (this.used.size > MAX_TRACKED_SECONDS) this.forgetOldest(slot);
      return `${prefix}${stamp(second)}${String(slot.node * PER_SECOND + count).padStart(6, '0')}`;
    }
    throw new Error('order numbers: every second reserved is used up');
  }

  /**
   * Makes sure the reservation reaches minutes past the clock, renewing it first when it runs short: called
   * before a transaction that makes a number for now, so a clock that jumped (a test's, a machine woken from
   * sleep) stamps its own time.
   */
  async ready(): Promise<void> {
    if (this.current().until - this.nowSecond() < RESERVE_MORE_WITHIN_S) await this.renew();
  }

  /** Renews the lease and the reservation now (the timer does this on its own). */
  async renew(): Promise<void> {
    this.renewing ??= this.renewOnce().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /**
   * Stops making numbers and frees the slot for the next process; the reservation shrinks to the last second
   * used, so the next holder starts right after it.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing?.catch(() => undefined);
    const slot = this.slot;
    if (!slot) return;
    let last = slot.from - 1;
    for (const second of this.used.keys()) last = Math.max(last, second);
    await this.d.db
      .updateTable('order_number_nodes')
      .set({ expires_at: 0, reserved_until: last })
      .where('node', '=', slot.node)
      .where('holder', '=', this.holder)
      .execute();
  }

  private current(): Slot {
    if (this.closed || !this.slot) throw new Error('order numbers: closed');
    return this.slot;
  }

  private nowSecond(): number {
    return this.seconds.of(this.d.clock());
  }

  private kick(): void {
    if (this.closed) return;
    this.renew().catch((error: unknown) => this.d.log.error({ err: error }, 'order number lease failed'));
  }

  private async renewOnce(): Promise<void> {
    const slot = this.slot;
    if (!slot || this.closed) return;
    const now = this.d.clock();
    const until = Math.max(slot.until, this.nowSecond() + RESERVE_AHEAD_S);
    const result = await this.d.db
      .updateTable('order_number_nodes')
      .set({ expires_at: now + LEASE_MS, reserved_until: until })
      .where('node', '=', slot.node)
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      // Only now, written, may the new seconds be stamped.
      if (this.slot === slot) this.slot = { ...slot, until };
      return;
    }
    // Another process took the slot (this one stalled past its lease). What this one reserved stays its own,
    // so it goes on stamping within it until it holds a new slot.
    const fresh = await this.claim();
    if (this.closed) return;
    this.slot = fresh;
    this.used = new Map();
  }

  /** Takes the free slot with the oldest reservation: one conditional update per try, so two never share one. */
  private async claim(): Promise<Slot> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.d.clock();
      const free = await this.d.db
        .selectFrom('order_number_nodes')
        .selectAll()
        .where('expires_at', '<=', now)
        .orderBy('reserved_until')
        .orderBy('node')
        .limit(5)
        .execute();
      for (const row of free) {
        const until = Math.max(row.reserved_until, this.nowSecond()) + RESERVE_AHEAD_S;
        const taken = await this.d.db
          .updateTable('order_number_nodes')
          .set({ holder: this.holder, expires_at: now + LEASE_MS, reserved_until: until })
          .where('node', '=', row.node)
          .where('holder', '=', row.holder)
          .where('expires_at', '=', row.expires_at)
          .where('reserved_until', '=', row.reserved_until)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1)
          return { node: row.node, from: row.reserved_until + 1, until };
      }
      if (!free.length) break;
    }
    throw new Error(`order numbers: all ${ORDER_NUMBER_NODES} node slots are held by running processes`);
  }

  /** Forgets the older half of the seconds remembered; they are not stamped again by this holder. */
  private forgetOldest(slot: Slot): void {
    const seconds = [...this.used.keys()].sort((a, b) => a - b);
    const keepFrom = seconds[Math.floor(seconds.length / 2)]!;
    for (const second of seconds) {
      if (second >= keepFrom) break;
      this.used.delete(second);
    }
    if (this.slot === slot) this.slot = { ...slot, from: Math.max(slot.from, keepFrom) };
  }
}
