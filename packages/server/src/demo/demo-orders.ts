import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { SETTLEMENT_HOUR, startOfPeriod } from '@vendo/contract/constants';
import type { MachineEvent } from '@vendo/contract/device-protocol';
import { PROTOCOL_VERSION } from '@vendo/contract/device-protocol';
import type { Fleet } from '@vendo/device-sim/fleet';
import type { MachineCredentials } from '@vendo/device-sim/machine';
import type { Services } from '../app';
import type { Config } from '../config';
import type { Db } from '../db/create-db';
import type { Database } from '../db/database';
import type { GatewayLog } from '../gateway/machine-ports';
import { sandboxPayments } from '../integrations/providers';
import { SandboxPayouts } from '../integrations/payouts/sandbox-payouts';
import { createFunds } from '../modules/funds/funds-module';
import { settleDateOf } from '../modules/funds/settlement-math';
import { Authenticator, type AuthContext } from '../platform/auth';
import { loadPlatformSecret } from '../platform/platform-secret';
import { RateLimiter } from '../platform/rate-limit';
import { localHourStart } from '../modules/analytics/analytics-query';
import { runDemoMachines } from './demo-machines';
import { createDevicesModule } from '../modules/devices/devices-module';
import type { MachineLink } from '../modules/orders/vend-service';
import { OrderNumbers } from '../modules/orders/order-numbers';
import { createOrdersModule, type OrdersModule } from '../modules/orders/orders-module';
import { DEMO } from './demo-merchant';
import { SessionStore } from '../platform/sessions';
import { logShelfChange } from '../modules/stock/shelf-stock-log';
import { MachineShelves } from '../modules/devices/machine-shelves';

/*
 * The demo's sales (issue 5): on first start, 90 days of plausible history up to the present hour (issue 12: a
 * newcomer opening the dashboard at any hour sees today's figures) made through the same services a
 * real sale goes through (the purchase page's service, the sandbox channel's signed notifications, the machines'
 * delivery events into the devices module's event store, refunds), with a clock that walks through the past;
 * then simulated customers keep buying from the simulated machines: through the purchase service and the
 * sandbox, or with cash and cards at the machine, some deliveries failing.
 */

const HISTORY_KEY = 'demo_history';
const HISTORY_DAYS = 90;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const WECHAT_UA = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.47';
const ALIPAY_UA = 'Mozilla/5.0 (Linux; Android 13) AlipayClient/10.5.36';

/** Sales per day by machine type, and how customers pay there. */
const TRAFFIC: Record<string, { perDay: [number, number]; online: number; cash: number }> = {
  vm: { perDay: [14, 26], online: 0.65, cash: 0.28 },
  gpm: { perDay: [5, 11], online: 0.7, cash: 0.3 },
  fdj: { perDay: [3, 8], online: 0.8, cash: 0.2 },
};
/** Sales by local hour 0..23: busier at lunch and in the evening, a trickle through the night. */
const HOUR_WEIGHTS = [0.6, 0.4, 0.3, 0.3, 0.3, 0.4, 0.6, 0.8, 1, 2, 3, 5, 4, 3, 2, 2, 3, 4, 5, 5, 4, 3, 2, 1];
/** The operator's round, refilling what runs low, at this local hour every morning. */
const REFILL_HOUR = 7;

export interface DemoSalesOptions {
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: Config;
  credentials: MachineCredentials[];
  brokerUrl: string;
  log: GatewayLog;
  random?: () => number;
}

export interface DemoSales {
  /** What the start banner says about it. */
  banner: string;
  /** Resolves once the history is there and the machines and customers run. */
  ready: Promise<void>;
  stop(graceful?: boolean): Promise<void>;
}

export async function startDemoSales(o: DemoSalesOptions): Promise<DemoSales> {
  const random = o.random ?? Math.random;
  const seeded = await historyDone(o.db.kysely);
  let fleet: Fleet | null = null;
  let customers: NodeJS.Timeout | null = null;
  let stopped = false;
  const ready = (async () => {
    if (!seeded) {
      const started = Date.now();
      const count = await seedDemoHistory(o, random);
      o.log.info(
        { orders: count, seconds: Math.round((Date.now() - started) / 1000) },
        'demo history seeded',
      );
    }
    if (stopped) return;
    fleet = await runDemoMachines(o.credentials, o.brokerUrl, o.config.mqttTopicPrefix, { faultRate: 0.06 });
    if (stopped) return;
    const buyer = new DemoCustomers(o, fleet, random);
    const next = () => {
      customers = setTimeout(
        () => {
          buyer
            .once()
            .catch((error: unknown) => o.log.warn({ err: error }, 'demo customer gave up'))
            .finally(() => {
              if (!stopped) next();
            });
        },
        15_000 + Math.floor(random() * 30_000),
      );
      customers.unref();
    };
    next();
  })().catch((error: unknown) => o.log.error({ err: error }, 'demo sales did not start'));
  return {
    banner: seeded
      ? '  Demo sales: simulated customers keep buying from the demo machines (sandbox payments, cash, cards).'
      : `  Demo sales: seeding ${HISTORY_DAYS} days of sales history up to this hour in the background (a few seconds);\n` +
        '  the demo machines come online and simulated customers start buying when it is done.',
    ready,
    async stop(graceful = true) {
      stopped = true;
      if (customers) clearTimeout(customers);
      await ready;
      await fleet?.stop(graceful);
    },
  };
}

async function historyDone(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', HISTORY_KEY)
    .executeTakeFirst();
  return !!row && (JSON.parse(row.value) as { done?: boolean }).done === true;
}

// ---------------------------------------------------------------------------------------------------------
// History

/**
 * Seeds the history day by day up to now — the present hour of the merchant's zone holds a sale — and marks it
 * done, so a restart does not seed again. A start interrupted half-way goes on after its last order. Answers how
 * many orders it made. `span` is for tests: the instant taken as now, and how many days back to begin.
 */
export async function seedDemoHistory(
  o: Omit<DemoSalesOptions, 'credentials' | 'brokerUrl'>,
  random: () => number,
  span: { now?: number; days?: number } = {},
): Promise<number> {
  const db = o.db.kysely;
  const now = span.now ?? Date.now();
  if (await historyDone(db)) return 0;

  let clock = now;
  const read = () => clock;
  const secret = await loadPlatformSecret(db, o.config.secret);
  // The same modules as the server's, on a clock that walks through the past. Their gateway never runs: a
  // refill's push to a machine answers "link down" at once, and the machine picks it up when it connects.
  const devices = createDevicesModule({
    db,
    config: o.config,
    platformSecret: secret,
    clock: read,
    log: o.log,
    shelfLog: logShelfChange,
  });
  const link = historyLink(() => devices.events, read, random);
  const history = sandboxPayments({
    db,
    platformSecret: secret,
    clock: read,
    log: o.log,
    behaviour: { autoNotify: false, refundDelayMs: 60_000, refundFailRate: 0.02, refundRefuseRate: 0 },
    random,
  });
  const orders = createOrdersModule({
    db,
    config: o.config,
    clock: read,
    log: o.log,
    platformSecret: secret,
    stock: o.services.stock,
    machines: new MachineShelves(db),
    apps: o.services.apps,
    urls: o.services.catalog.urls,
    limiter: new RateLimiter(db, read),
    link,
    playerClearedSince: (m, p, s) => devices.events.playerClearedSince(m, p, s),
    // The history's own sandbox, on its walking clock: it pays in the replay's place, never through a cashier.
    payments: {
      provider: history,
      sandbox: history,
    },
    canPay: true,
    online: () => true,
    // Its own node slot, leased on the real clock: the history's numbers carry their walking times.
    numbers: await OrderNumbers.start({ db, clock: Date.now, timeZone: o.config.timeZone, log: o.log }),
  });
  devices.events.attach(orders.sales);
  // The funds ledger on the same walking clock: online sales and refunds are booked as they happen, and each
  // past day is settled at 13:00 the next day and paid out to the sandbox bank, as the daily job would have.
  const funds = createFunds({
    db,
    cards: o.services.bankCards.payoutCards,
    accounts: o.services.bankCards.payoutAccounts,
    splits: o.services.feeSplits.splits,
    orders: orders.repo,
    payouts: new SandboxPayouts(db, read),
    clock: read,
    timeZone: o.config.timeZone,
    log: o.log,
  });
  orders.useMoneyMovements(funds.ledger);
  const owner = await ownerAuth(o.app, db, read);
  if (!owner) return 0;
  // Days and hours as the merchant's dashboard shows them.
  const tz = owner.merchant.time_zone || o.config.timeZone;
  // How far an interrupted start got: each sale commits on its own, so its last order says it exactly (a note
  // written beside them could lag a sale behind, and that sale would be made twice).
  const seededThrough = await lastOrderAt(db, owner.merchant.id);
  let day = startOfPeriod('day', seededThrough ?? now - (span.days ?? HISTORY_DAYS) * DAY, tz);
  const machines = await db
    .selectFrom('devices')
    .select(['id', 'sn', 'type', 'merchant_id'])
    .where('merchant_id', '=', owner.merchant.id)
    .orderBy('id')
    .execute();

  // Walking through three months of sales is many small commits; the demo's SQLite file need not wait for the
  // disk on each of them while it does (WAL keeps it consistent either way).
  const sqlite = o.db.dialect === 'sqlite';
  if (sqlite) await sql`PRAGMA synchronous = NORMAL`.execute(db);
  let made = 0;
  const payers = Array.from({ length: 400 }, (_, i) => `sbx_o${(i * 7919).toString(16).padStart(12, '0')}`);
  const cards = Array.from({ length: 60 }, (_, i) => `C${String(100001 + i)}`);
  try {
    const today = startOfPeriod('day', now, tz);
    const hour = localHourStart(now, tz);
    for (; day <= today; day = startOfPeriod('day', day + DAY + 2 * HOUR, tz)) {
      // The day's sales and the operator's morning round among them (machine null), in time order.
      const sales: Array<{ at: number; machine: (typeof machines)[number] | null }> = [
        { at: day + REFILL_HOUR * HOUR, machine: null },
      ];
      for (const m of machines) {
        const traffic = TRAFFIC[m.type] ?? TRAFFIC['vm']!;
        const [min, max] = traffic.perDay;
        const weekend = [0, 6].includes(new Date(day + 8 * HOUR).getUTCDay()) ? 1.3 : 1;
        const count = Math.round((min + random() * (max - min)) * weekend);
        for (let i = 0; i < count; i++)
          sales.push({ at: day + saleHour(random) + Math.floor(random() * HOUR), machine: m });
      }
      if (day === today && machines.length && !sales.some((s) => s.machine && s.at >= hour && s.at < now)) {
        // The present hour has begun: someone has bought in it, so today's chart reaches now.
        const machine = machines[Math.floor(random() * machines.length)]!;
        sales.push({ at: hour + Math.floor(random() * (now - hour)), machine });
      }
      sales.sort((a, b) => a.at - b.at);
      for (const sale of sales) {
        if (sale.at >= now) break;
        if (seededThrough !== null && sale.at <= seededThrough) continue;
        clock = sale.at;
        if (!sale.machine) {
          for (const m of machines) await refillWhenLow(devices, owner, m.sn);
          continue;
        }
        made += await historySale(o, {
          db,
          clock: read,
          orders,
          devices,
          owner,
          machine: sale.machine,
          random,
          payers,
          cards,
        });
      }
      // The day's loose ends: refunds confirmed, orders nobody heard back from marked abnormal.
      clock = Math.min(day + DAY - 1, now);
      await orders.jobs.tick();
      await orders.idle();
      // The day's settlement, at 13:00 the next day when that has passed (else the live job makes it).
      const settleAt = startOfPeriod('day', day + DAY + 2 * HOUR, tz) + SETTLEMENT_HOUR * HOUR;
      if (settleAt <= now) {
        clock = settleAt;
        await funds.settlement.settleDay(owner.merchant.id, settleDateOf(day, tz), tz);
        await funds.settlement.payouts(owner.merchant.id);
      }
      // SQLite answers synchronously, so a day of sales never leaves the event loop: let the requests of a person
      // who opened the demo at once in between days.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await markDone(db);
  } finally {
    await orders.close();
    await devices.idle();
    if (sqlite) await sql`PRAGMA synchronous = FULL`.execute(db);
  }
  return made;
}

async function markDone(db: Kysely<Database>): Promise<void> {
  const json = JSON.stringify({ done: true });
  await db
    .insertInto('settings')
    .values({ key: HISTORY_KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

function saleHour(random: () => number): number {
  const total = HOUR_WEIGHTS.reduce((s, w) => s + w, 0);
  let pick = random() * total;
  for (const [i, w] of HOUR_WEIGHTS.entries()) {
    pick -= w;
    if (pick <= 0) return i * HOUR;
  }
  return 20 * HOUR;
}

/** When the merchant's latest order was made, if it has any. */
async function lastOrderAt(db: Kysely<Database>, merchantId: number): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The demo owner as the services see a caller, on the history's clock. */
async function ownerAuth(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
): Promise<AuthContext | null> {
  const login = await app.inject({
    method: 'POST',
    url: '/p/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: { username: DEMO.phone, password: DEMO.password },
  });
  const answer = login.json<{ rcode: number; result: { token: string; secret: string } }>();
  if (answer.rcode !== 0) return null;
  const auth = await new Authenticator(db, new SessionStore(db), clock).authenticate(answer.result);
  // Back then the owner had not set the operation password yet: no sign to ask for in the past.
  return { ...auth, user: { ...auth.user, is_oper_pwd: 0 } };
}

interface HistoryContext {
  db: Kysely<Database>;
  clock: () => number;
  orders: OrdersModule;
  devices: ReturnType<typeof createDevicesModule>;
  owner: AuthContext;
  machine: { id: number; sn: string; type: string; merchant_id: number | null };
  random: () => number;
  payers: string[];
  cards: string[];
}

/** One sale of the past: a customer paying on the machine page, cash, or a card at the machine. */
async function historySale(o: Pick<DemoSalesOptions, 'log'>, c: HistoryContext): Promise<number> {
  const { orders, random, machine } = c;
  const traffic = TRAFFIC[machine.type] ?? TRAFFIC['vm']!;
  const shelves = (await orders.repo.shelves(c.db, machine.id, machine.merchant_id!)).filter(
    (s) => s.enabled === 1 && s.goods_id !== null && s.quantity > 0,
  );
  const shelf = shelves[Math.floor(random() * shelves.length)];
  if (!shelf) return 0;
  const roll = random();
  if (roll < traffic.online) {
    const wechat = random() < 0.62;
    const created = await orders.purchase.create(
      {
        sn: machine.sn,
        channel_sn: shelf.channel_sn,
        kind: 'goods',
        pay_channel: wechat ? 'wechat' : 'alipay',
        client_token: undefined,
      },
      { userAgent: wechat ? WECHAT_UA : ALIPAY_UA, ip: `demo-${randomBytes(3).toString('hex')}` },
    );
    const tx = created.pay_url.split('/').pop()!;
    await orders.sandbox!.pay(tx, c.payers[Math.floor(random() * c.payers.length)]);
    const notice = await orders.sandbox!.paymentNotice(created.order_no);
    if (notice) await orders.payments.onNotification(notice.channel, notice.headers, notice.body);
    await orders.idle();
    // Now and then the operator refunds a sale the customer complained about, the same day.
    if (random() < 0.025) {
      const part = random() < 0.4;
      await orders.refunds
        .request(
          c.owner,
          {
            orderno: created.order_no,
            part_refund: part,
            refund_fee: part ? Math.max(1, Math.round(created.amount / 2)) : undefined,
            remarks: '顾客反馈 customer complaint',
            sign: undefined,
            idempotency_key: `demo-${created.order_no}`,
          },
          'manual',
          'zh-CN',
        )
        .catch((error: unknown) => o.log.debug({ err: error }, 'demo refund refused'));
      await orders.idle();
    }
    return 1;
  }
  const at = c.clock();
  const cash = roll < traffic.online + traffic.cash;
  const card = c.cards[Math.floor(random() * c.cards.length)]!;
  const event = cash
    ? machineEvent(random, at, shelf.position, shelf.price, random() < 0.7 ? 'coin' : 'bill')
    : machineEvent(random, at, shelf.position, shelf.price, 'iccard', card);
  await c.devices.events.record(machine.sn, event, at);
  return 1;
}

/** A sale the machine made by itself: cash into its coin or bill acceptor, or a card on its reader. */
function machineEvent(
  random: () => number,
  at: number,
  slot: number,
  price: number,
  payment: 'coin' | 'bill' | 'iccard',
  card?: string,
): MachineEvent {
  const fault = random() < 0.04 ? 1 + Math.floor(random() * 10) : 0;
  const items = [{ slot, quantity: 1, delivered: fault ? 0 : 1, fault }];
  const id = `h${randomBytes(12).toString('hex')}`;
  if (payment === 'coin' || payment === 'bill') {
    return { v: PROTOCOL_VERSION, id, at, type: 'cash_sale', data: { payment, amount: price, items } };
  }
  return {
    v: PROTOCOL_VERSION,
    id,
    at,
    type: 'delivery',
    data: { order: `M${id.slice(1, 25)}`, payment, items, amount: price, ...(card ? { card } : {}) },
  };
}

/** The machines of the past: they take every vend; a few fail with a fault, a very few never answer. */
function historyLink(
  events: () => ReturnType<typeof createDevicesModule>['events'],
  clock: () => number,
  random: () => number,
): MachineLink {
  return {
    async vend(device, args) {
      const fault = random() < 0.06 ? 1 + Math.floor(random() * 10) : 0;
      const items = args.items.map((i) => ({ ...i, delivered: fault ? 0 : i.quantity, fault }));
      if (random() > 0.0015) {
        await events().record(
          device.sn,
          {
            v: PROTOCOL_VERSION,
            id: `h${randomBytes(12).toString('hex')}`,
            at: clock(),
            type: 'delivery',
            data: { order: args.order, payment: args.payment, items },
          },
          clock(),
        );
      }
      return { status: 'acked', result: { items }, latencyMs: 400 };
    },
    async play() {
      return { status: 'refused', code: 'unsupported', msg: '' };
    },
  };
}

/** Fills a machine's shelves when they run low, as the operator does on a round. */
async function refillWhenLow(
  devices: ReturnType<typeof createDevicesModule>,
  owner: AuthContext,
  sn: string,
): Promise<void> {
  const shelves = await devices.shelves.list(owner, sn, 'zh-CN');
  const low = shelves.data.some((s) => s.goods_id !== null && s.quantity < Math.max(2, s.capacity / 3));
  if (low) await devices.shelves.setQuantity(owner, { sn, type: 1 }, 'zh-CN');
}

// ---------------------------------------------------------------------------------------------------------
// Live customers

class DemoCustomers {
  private session: { token: string; secret: string } | null = null;

  constructor(
    private readonly o: DemoSalesOptions,
    private readonly fleet: Fleet,
    private readonly random: () => number,
  ) {}

  /** One customer at one machine. */
  async once(): Promise<void> {
    const machines = this.fleet.machines.filter((m) => m.connected);
    const sim = machines[Math.floor(this.random() * machines.length)];
    if (!sim) return;
    const stocked = [...sim.state.shelves.values()].filter(
      (s) => s.goods_id !== null && s.enabled && s.quantity > 0,
    );
    if (stocked.length < 2) await this.refill(sim.sn);
    const shelf = stocked[Math.floor(this.random() * stocked.length)];
    if (!shelf) return;
    const type = TRAFFIC[String(this.o.credentials.find((c) => c.sn === sim.sn)?.type)] ?? TRAFFIC['vm']!;
    const roll = this.random();
    if (roll < type.online) {
      const wechat = this.random() < 0.62;
      const orders = this.o.services.orders;
      const created = await orders.purchase.create(
        {
          sn: sim.sn,
          channel_sn: shelf.channel_sn,
          kind: 'goods',
          pay_channel: undefined,
          client_token: undefined,
        },
        { userAgent: wechat ? WECHAT_UA : ALIPAY_UA, ip: '127.0.0.1' },
      );
      // Most pay; a few change their mind at the cashier.
      if (this.random() < 0.93) await orders.sandbox?.pay(created.pay_url.split('/').pop()!);
      return;
    }
    if (roll < type.online + type.cash) {
      sim.sellForCash(shelf.slot, shelf.price, this.random() < 0.7 ? 'coin' : 'bill');
      return;
    }
    sim.sellByCard(shelf.slot, `C${100001 + Math.floor(this.random() * 60)}`, shelf.price, 'iccard');
  }

  /** The operator's round: fill the machine through the app's own call. */
  private async refill(sn: string): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      this.session ??= await this.login();
      if (!this.session) return;
      const answer = await this.o.app.inject({
        method: 'POST',
        url: '/api/v1/c/setQuantity',
        headers: { 'content-type': 'application/json', ...this.session },
        payload: { sn, type: 1 },
      });
      if (answer.json<{ rcode: number }>().rcode !== 604) return;
      this.session = null;
    }
  }

  private async login(): Promise<{ token: string; secret: string } | null> {
    const login = await this.o.app.inject({
      method: 'POST',
      url: '/p/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: DEMO.phone, password: DEMO.password },
    });
    const answer = login.json<{ rcode: number; result: { token: string; secret: string } }>();
    return answer.rcode === 0 ? { token: answer.result.token, secret: answer.result.secret } : null;
  }
}
