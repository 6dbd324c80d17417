import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { SandboxPayments } from '../../integrations/payments/sandbox-payments';
import { hmac } from '../../platform/crypto';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AppModules } from '../apps/app-modules';
import type { ImageUrls } from '../catalog/image-urls';
import { Background } from '../devices/background';
import type { MachineShelves } from '../devices/machine-shelves';
import type { MachineCommander } from '../devices/machine-commander';
import type { StockService } from '../stock/stock-service';
import { BillRepository } from './bill-repository';
import { BillsService } from './bills-service';
import { MachineSales } from './machine-sales';
import { MerchantZones } from './merchant-zones';
import { MoneyPort, type MoneyMovements } from './money-movements';
import { OrderJobs, type OrderJobsDeps } from './order-jobs';
import type { OrderNumbers } from './order-numbers';
import { OrderRepository } from './order-repository';
import { OrderStats } from './order-stats';
import { PaymentService } from './payment-service';
import { PurchaseService } from './purchase-service';
import { RefundService } from './refund-service';
import { CustomerIdentity } from './customer-identity';
import { SaleOffers, type SaleOffer } from './sale-offers';
import { VendService, type MachineLink } from './vend-service';
import { GiftOrders } from './gift-orders';

export interface OrdersModuleDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'timeZone' | 'orderAbnormalAfterMs'>;
  clock: () => number;
  log: GatewayLog;
  platformSecret: string;
  stock: StockService;
  /** The machines and shelves orders are for (the machines module's queries). */
  machines: MachineShelves;
  apps: AppModules;
  urls: ImageUrls;
  limiter: RateLimiter;
  /** How vends reach machines: the devices module's commander, or a simulation (seeded history). */
  link: MachineLink;
  playerClearedSince: (merchantId: number, player: string, since: number) => Promise<boolean>;
  /** The payment provider the configuration chose (integrations/providers.ts), and it again when a sandbox. */
  payments: { provider: PaymentProvider; sandbox: SandboxPayments | null };
  /**
   * Whether a customer can complete a payment: a sandbox provider's cashier exists only where the dev routes do
   * (demo and test mode), so a production on the sandbox refuses online sales up front (decision 019).
   */
  canPay: boolean;
  /** Order and refund numbers (order-numbers.ts), holding this process's node slot; the module closes it. */
  numbers: OrderNumbers;
  /** Whether a machine can sell now (default: the devices table says it is online). */
  online?: (device: { alive: number }) => boolean;
  /** Other totals the order triggers feed (the analytics rollups): the jobs fold them with the daily totals. */
  folds?: OrderJobsDeps['folds'];
}

/** The orders feature (issue 5): payments, the customer's purchase, machine sales, bills, refunds, jobs. */
export interface OrdersModule {
  provider: PaymentProvider;
  /** The sandbox provider when it is the one in use (tests and the demo drive it). */
  sandbox: SandboxPayments | null;
  repo: OrderRepository;
  purchase: PurchaseService;
  payments: PaymentService;
  refunds: RefundService;
  vend: VendService;
  bills: BillsService;
  /** Plugs into the devices module's event store: machine events become orders there. */
  sales: MachineSales;
  jobs: OrderJobs;
  numbers: OrderNumbers;
  /** Plugs the funds ledger in: it is told of payments and refunds inside their transactions. */
  useMoneyMovements(movements: MoneyMovements): void;
  /** Free orders of gift vouchers (payment gift), made in the code's claim and vended like paid ones. */
  gifts: GiftOrders;
  /** Plugs a marketing offer in (coupons, referrers): told of each customer order in its transactions. */
  useSaleOffer(offer: SaleOffer): void;
  /** Signs and reads the customer identity of /buy/<sn> (docs/marketing.md). */
  customers: CustomerIdentity;
  /** Resolves when background work (vends after payments, refunds) has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createOrdersModule(deps: OrdersModuleDeps): OrdersModule {
  const { db, config, clock, log } = deps;
  const repo = new OrderRepository(db);
  const zones = new MerchantZones(config.timeZone);
  const background = new Background((error) => log.error({ err: error }, 'order background work failed'));
  const { provider, sandbox } = deps.payments;
  const { numbers } = deps;
  const money = new MoneyPort();
  const offers = new SaleOffers();
  const customers = new CustomerIdentity(hmac(deps.platformSecret, 'customer-identity'));
  const refunds = new RefundService({
    db,
    repo,
    provider,
    background,
    clock,
    timeZone: config.timeZone,
    numbers,
    money,
    offers,
  });
  const vend = new VendService({
    db,
    repo,
    machines: deps.machines,
    link: deps.link,
    refunds,
    background,
    playerClearedSince: deps.playerClearedSince,
    clock,
  });
  const payments = new PaymentService({
    db,
    repo,
    provider,
    vend,
    refunds,
    background,
    zones,
    clock,
    log,
    money,
    offers,
  });
  const purchase = new PurchaseService({
    db,
    repo,
    machines: deps.machines,
    provider,
    payments,
    limiter: deps.limiter,
    urls: deps.urls,
    clock,
    timeZone: config.timeZone,
    secret: hmac(deps.platformSecret, 'customer-orders'),
    numbers,
    canPay: deps.canPay,
    offers,
    customers,
    ...(deps.online ? { online: deps.online } : {}),
  });
  const billRepository = new BillRepository(db, clock);
  const bills = new BillsService({
    db,
    bills: billRepository,
    orders: repo,
    apps: deps.apps,
    urls: deps.urls,
    clock,
    timeZone: config.timeZone,
    abnormalAfterMs: config.orderAbnormalAfterMs,
  });
  const sales = new MachineSales({ repo, stock: deps.stock, refunds, zones, numbers });
  const jobs = new OrderJobs({
    repo,
    payments,
    vend,
    refunds,
    // The bill lists' kept sums read the deltas a fold removes, in its transaction, before they are gone.
    stats: new OrderStats(db, { beforeFold: (trx) => billRepository.noteChanges(trx) }),
    ...(deps.folds ? { folds: deps.folds } : {}),
    clock,
    abnormalAfterMs: config.orderAbnormalAfterMs,
    log,
  });
  return {
    provider,
    sandbox,
    repo,
    purchase,
    payments,
    refunds,
    vend,
    bills,
    sales,
    jobs,
    numbers,
    useMoneyMovements: (movements) => money.use(movements),
    gifts: new GiftOrders({
      db,
      repo,
      machines: deps.machines,
      vend,
      background,
      zones,
      numbers,
      urls: deps.urls,
      token: (orderNo) => purchase.token(orderNo),
      clock,
      ...(deps.online ? { online: deps.online } : {}),
    }),
    useSaleOffer: (offer) => offers.use(offer),
    customers,
    idle: () => background.idle(),
    async close() {
      await jobs.stop();
      // Orders waiting for a busy machine stay in the database for the next process (or another one) to resume.
      vend.stop();
      await sandbox?.stop();
      await background.idle();
      await numbers.close();
    },
  };
}

/** Vends through the devices module's commander (offline, timeout and refusals come back as outcomes). */
export function commanderLink(commander: MachineCommander): MachineLink {
  return {
    vend: (device, args, userId) => commander.run(device, 'vend', args, userId),
    play: (device, args, userId) => commander.run(device, 'play', args, userId),
  };
}
