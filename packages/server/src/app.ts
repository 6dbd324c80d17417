import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { RCODE } from '@vendo/contract/rcodes';
import type { Config } from './config';
import type { Db } from './db/create-db';
import { buildProviders, type Providers } from './integrations/providers';
import { createAccounts } from './modules/accounts/accounts-module';
import type { AccountsService } from './modules/accounts/accounts-service';
import { publicRoutes } from './modules/accounts/public-routes';
import { accountRoutes } from './modules/accounts/routes';
import { permissionsOf } from './modules/accounts/permissions';
import { Agents } from './modules/agents/agents';
import { AppModules } from './modules/apps/app-modules';
import { createAnalyticsModule, type AnalyticsModule } from './modules/analytics/analytics-module';
import { RollupFacts } from './modules/analytics/rollup-facts';
import { analyticsReportFileRoute, analyticsRoutes } from './modules/analytics/routes';
import { createAudit, type AuditModule } from './modules/audit/audit-module';
import { auditRoutes } from './modules/audit/routes';
import { createBankCards, type BankCardsModule } from './modules/bank-cards/bank-cards-module';
import { bankCardFileRoutes, bankCardRoutes } from './modules/bank-cards/routes';
import { createBankDirectory } from './modules/bank-directory/bank-directory-module';
import type { DirectoryService } from './modules/bank-directory/directory-service';
import { bankDirectoryRoutes } from './modules/bank-directory/routes';
import { createCatalog, type Catalog } from './modules/catalog/catalog-module';
import { catalogFileRoutes } from './modules/catalog/file-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { stockRoutes } from './modules/stock/routes';
import { createDevicesModule, type DevicesModule } from './modules/devices/devices-module';
import { IngestWorker } from './ingest/ingest-client';
import { createFeeSplits, type FeeSplitsModule } from './modules/fee-splits/fee-splits-module';
import { feeSplitRoutes } from './modules/fee-splits/routes';
import { createCoupons, type CouponsModule } from './modules/coupons/coupons-module';
import { couponRoutes, customerIdentityRoutes } from './modules/coupons/routes';
import { createFunds, createSettlementReport, type FundsModule } from './modules/funds/funds-module';
import { fundDevRoutes, fundRoutes, settlementReportRoutes } from './modules/funds/routes';
import { createGifts, type GiftsModule } from './modules/gifts/gifts-module';
import { createMembers, type MembersModule } from './modules/members/members-module';
import { memberRoutes } from './modules/members/routes';
import { giftRoutes } from './modules/gifts/routes';
import { deviceRoutes } from './modules/devices/routes';
import { customerPages } from './modules/orders/customer-pages';
import { OrderNumbers } from './modules/orders/order-numbers';
import { commanderLink, createOrdersModule, type OrdersModule } from './modules/orders/orders-module';
import { orderRoutes, paymentNotifyRoutes } from './modules/orders/routes';
import { createNotifications, type NotificationsModule } from './modules/notifications/notifications-module';
import { notifyRoutes } from './modules/notifications/routes';
import { OverviewService } from './modules/overview/overview-service';
import { overviewRoutes } from './modules/overview/routes';
import { oauthRoutes } from './modules/passport/oauth-routes';
import { createPassport } from './modules/passport/passport-module';
import type { PassportService } from './modules/passport/passport-service';
import { passportRoutes } from './modules/passport/routes';
import { createReferrers, type ReferrersModule } from './modules/referrers/referrers-module';
import { createAdverts, type AdvertsModule } from './modules/adverts/adverts-module';
import { advertRoutes } from './modules/adverts/routes';
import { referrerRoutes } from './modules/referrers/routes';
import { createMarketing, type MarketingModule } from './modules/marketing/marketing-module';
import { marketingRoutes } from './modules/marketing/routes';
import { createStaff } from './modules/staff/staff-module';
import type { StaffService } from './modules/staff/staff-service';
import { staffRoutes } from './modules/staff/routes';
import { JobLease } from './jobs/job-lease';
import { JobRunner } from './jobs/job-runner';
import { brokerAuthRoutes } from './gateway/broker-auth-routes';
import { SessionStore } from './platform/sessions';
import { createApiKeys } from './modules/api-keys/api-keys-module';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { AuditLog } from './modules/audit/audit-log';
import { Authenticator, type AuthContext } from './platform/auth';
import { installErrorHandling } from './platform/error-handler';
import { loadPlatformSecret } from './platform/platform-secret';
import { publicOrigin } from './platform/public-origin';
import { RateLimiter } from './platform/rate-limit';
import { DevRoutes } from './platform/dev-routes';
import { CallRegistrar } from './platform/route';
import { openApiRoutes } from './platform/openapi-routes';
import { securityHeaders } from './platform/security-headers';
import { bodyLimits, JSON_BODY_LIMIT } from './platform/body-limits';
import { healthRoutes } from './platform/health-routes';
import { Lifecycle } from './platform/lifecycle';
import { requestLog } from './platform/request-log';
import { MachineShelves } from './modules/devices/machine-shelves';
import { logShelfChange } from './modules/stock/shelf-stock-log';
import { createStock } from './modules/stock/stock-module';
import { createWebhooks, type WebhooksModule } from './modules/webhooks/webhooks-module';
import { webhookRoutes } from './modules/webhooks/routes';
import type { StockService } from './modules/stock/stock-service';

export const VERSION = '0.1.0';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Tests move time forward through this; everything that reads the time uses it. */
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
}

export interface Services {
  accounts: AccountsService;
  agents: Agents;
  apps: AppModules;
  /** Every outside service, as the configuration chose it (integrations/providers.ts). */
  providers: Providers;
  limiter: RateLimiter;
  catalog: Catalog;
  stock: StockService;
  devices: DevicesModule;
  orders: OrdersModule;
  analytics: AnalyticsModule;
  staff: StaffService;
  notifications: NotificationsModule;
  passport: PassportService;
  /** Payout bank cards (issue 15). */
  bankCards: BankCardsModule;
  /** Fee splitting (issue 16): split configurations, machines' splits, the shares the ledger books by. */
  feeSplits: FeeSplitsModule;
  coupons: CouponsModule;
  /** Funds and settlement (issue 16): the ledger, the daily settlement, the payouts. */
  funds: FundsModule;
  /** The bank and branch directory (decision 030). */
  bankDirectory: DirectoryService;
  /** Referrers (issue 17): their links attribute customers' orders; sales and commission per day. */
  referrers: ReferrersModule;
  /** The activity center and /record (issue 17), read through the coupons', gifts' and referrers' services. */
  marketing: MarketingModule;
  /** Gift vouchers (issue 17): batches of codes redeemed for free orders on the purchase page. */
  gifts: GiftsModule;
  /** Advertisements (issue 18): plans shown on machines (the ads command) and their purchase pages. */
  adverts: AdvertsModule;
  /** Members (issue 18): customers named on their orders, points, the member page, /member. */
  members: MembersModule;
  /** The audit log (issue 20): /auditLog's reading and the retention job; modules record through AuditLog. */
  audit: AuditModule;
  /** Webhooks and the event stream (issue 20): endpoints, deliveries, the sending job. */
  webhooks: WebhooksModule;
  /** Background jobs (notifications); `vendo serve` starts them, tests call runDue(). */
  jobs: JobRunner;
}

/** Builds the whole HTTP application; main.ts listens on it and tests call app.inject. */
export async function buildApp(options: AppOptions): Promise<{
  app: FastifyInstance;
  services: Services;
  calls: CallRegistrar['registered'];
  dev: DevRoutes;
  /** Readiness's shutting-down flag and what closes after the calls in flight (main.ts fills it). */
  lifecycle: Lifecycle;
}> {
  const { config, db } = options;
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? false,
    // JSON calls are small; the few that need more say so (platform/body-limits.ts, decision 042).
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request from platform/request-log.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a proxy the caller's address arrives in X-Forwarded-For; rate limits need the real one, so only the
    // proxies TRUST_PROXY names are believed (nobody when unset), in every mode.
    trustProxy: config.trustProxy,
  });
  // Sandbox back doors and pages exist in demo and test mode only (decision 019); declared before any route.
  const dev = DevRoutes.forMode(config.mode);
  dev.guard(app);
  installErrorHandling(app);
  securityHeaders(app, config);
  requestLog(app);
  bodyLimits(app);
  acceptEmptyJson(app);
  const lifecycle = new Lifecycle();

  const kysely = db.kysely;
  const secret = await loadPlatformSecret(kysely, config.secret);
  const providers = buildProviders({ config, db: kysely, platformSecret: secret, clock, log: app.log });
  const { sms, messaging } = providers;

  // The modules, each wired by its factory, in dependency order (decision 028): a module gets only what was built
  // before it. Routes come after, once every service exists.
  const agents = new Agents(kysely, clock);
  await agents.ensureDefault();
  const apps = new AppModules(kysely);
  const limiter = new RateLimiter(kysely, clock);
  const sessions = new SessionStore(kysely);
  // API keys (decision 047) resolve the X-Api-Key header, so they come before the Authenticator.
  const apiKeys = createApiKeys({ db: kysely, limiter, audit: new AuditLog(clock), clock });
  const authenticator = new Authenticator(kysely, sessions, clock, apiKeys.auth);
  const accounts = createAccounts({
    db: kysely,
    sessions,
    sms,
    apps,
    agents,
    limiter,
    platformSecret: secret,
    clock,
    config,
  });
  // The catalog, the machines on it, the stock on both.
  const shelves = new MachineShelves(kysely);
  const catalog = createCatalog({ db: kysely, apps, messaging, config, machines: shelves, clock });
  // On a SQLite file machine events are stored by a worker thread with its own connection (decision 055).
  const ingest =
    config.ingestWorker && db.file
      ? new IngestWorker({ file: db.file, timeZone: config.timeZone, log: app.log })
      : null;
  const devices = createDevicesModule({
    db: kysely,
    config,
    platformSecret: secret,
    clock,
    log: app.log,
    shelfLog: logShelfChange,
    ...(ingest ? { gatewayStores: ingest } : {}),
  });
  const stock = createStock({ db: kysely, catalog, shelves, apps, clock });
  // The analytics rollups are kept by triggers on orders; the order jobs fold them with the bill totals.
  const rollups = new RollupFacts(kysely, config.timeZone);
  const orders = createOrdersModule({
    db: kysely,
    config,
    clock,
    log: app.log,
    platformSecret: secret,
    stock,
    machines: shelves,
    apps,
    urls: catalog.urls,
    limiter,
    link: commanderLink(devices.commander),
    playerClearedSince: (merchantId, player, since) =>
      devices.events.playerClearedSince(merchantId, player, since),
    folds: [rollups],
    payments: { provider: providers.payments, sandbox: providers.sandboxes.payments },
    canPay: !providers.payments.sandbox || dev.enabled,
    numbers: await OrderNumbers.start({ db: kysely, clock, timeZone: config.timeZone, log: app.log }),
  });
  // Machine events become orders inside the transaction that stores them (docs/orders.md).
  devices.events.attach(orders.sales);
  // The worker's sales reserve automatic refunds; sending them is this process's, as after any sale's commit.
  ingest?.onRefundsDue(() => orders.refunds.kick());
  // Analytics (issue 6) reads the rollups only, never the raw orders.
  const analytics = createAnalyticsModule({
    db: kysely,
    facts: rollups,
    apps,
    urls: catalog.urls,
    clock,
    timeZone: config.timeZone,
    devices: devices.devices,
    bills: orders.bills,
    authenticator,
    platformSecret: secret,
  });
  // Staff and roles, notifications, the messaging-app login, my apps and the overview (issue 7).
  const staff = createStaff({ db: kysely, sessions, apps, limiter, clock });
  const notifications = createNotifications({
    db: kysely,
    messaging,
    machines: shelves,
    apps,
    gateway: devices.gateway,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const passport = createPassport({ db: kysely, sessions, accounts, provider: messaging.name, clock });
  const bankDirectory = await createBankDirectory({ db: kysely, limiter, clock });
  // Payout cards on the machines: the device list reads the cards' details back through PayoutDetails.
  const bankCards = createBankCards({
    db: kysely,
    config,
    apps,
    regions: catalog.regions,
    messaging,
    ocr: providers.ocr,
    platformSecret: secret,
    clock,
  });
  devices.devices.usePayoutDetails(bankCards.cards);
  // Cards saved before the number's blind index (migration 0014) get it now: fee splitting finds cards by it.
  await bankCards.payoutAccounts.indexMissing();
  // Fee splitting on the cards and the machines: the device list reads the configurations through SplitDetails.
  const feeSplits = createFeeSplits({ db: kysely, accounts: bankCards.payoutAccounts, limiter, clock });
  devices.devices.useSplitDetails(feeSplits.splits);
  // The funds ledger, written by the orders' payments and refunds in their own transactions (docs/funds.md).
  const funds = createFunds({
    db: kysely,
    cards: bankCards.payoutCards,
    accounts: bankCards.payoutAccounts,
    // A split machine's payment credits the configuration's accounts (fee-splits is built first).
    splits: feeSplits.splits,
    orders: orders.repo,
    payouts: providers.payouts,
    clock,
    timeZone: config.timeZone,
    log: app.log,
  });
  orders.useMoneyMovements(funds.ledger);
  // Coupons (issue 17): a customer's coupon lowers the order's amount through the orders' sale-offers port.
  const coupons = createCoupons({
    db: kysely,
    customers: orders.customers,
    timeZone: config.timeZone,
    clock,
  });
  orders.useSaleOffer(coupons.offer);
  // Gift vouchers (issue 17): a code's claim makes a free order through the orders' GiftOrders.
  const gifts = createGifts({
    db: kysely,
    orders: orders.gifts,
    limiter,
    authenticator,
    platformSecret: secret,
    clock,
    customers: orders.customers,
  });
  // Referrers (issue 17): the referrer a customer's link names is attributed and its sale booked on payment.
  const referrers = createReferrers({ db: kysely, clock, timeZone: config.timeZone });
  orders.useSaleOffer(referrers.referrers);
  // Members (issue 18): a signed-in customer's order names their member (points on payment, back on refunds);
  // coupons and gift vouchers costing points spend them through the members' MemberPoints.
  const members = createMembers({
    db: kysely,
    customers: orders.customers,
    coupons: coupons.offer,
    authenticator,
    platformSecret: secret,
    timeZone: config.timeZone,
    clock,
  });
  orders.useSaleOffer(members.offer);
  coupons.offer.useMemberPoints(members.offer);
  gifts.gifts.useMemberPoints(members.offer);
  // Advertisements (issue 18): enabled plans reach the machines of their scope (pushed, and on reconnect).
  const adverts = createAdverts({
    db: kysely,
    images: catalog.images,
    coupons: coupons.coupons,
    devices,
    clock,
    log: app.log,
  });
  // The activity center and /record: counts and records through each marketing module's service.
  const marketing = createMarketing({
    db: kysely,
    clock,
    timeZone: config.timeZone,
    authenticator,
    platformSecret: secret,
    referrers: referrers.referrers,
    gifts: gifts.gifts,
    coupons: coupons.coupons,
  });
  // The audit log's reading side (each module records through its own AuditLog, in its actions' transactions).
  const audit = createAudit({
    db: kysely,
    authenticator,
    platformSecret: secret,
    timeZone: config.timeZone,
    retentionDays: config.auditRetentionDays,
    clock,
    machines: shelves,
  });
  const overview = new OverviewService({
    db: kysely,
    dialect: db.dialect,
    apps,
    version: VERSION,
    clock,
    startedAt: clock(),
    gatewayRunning: () => devices.gateway.running,
    sandbox: { sms: sms.sandbox, messaging: messaging.sandbox },
  });
  // Webhooks (issue 20): events the modules wrote in their actions' transactions, sent by a job.
  const jobLease = new JobLease(kysely, clock);
  const webhooks = createWebhooks({ db: kysely, mode: config.mode, clock, log: app.log, lease: jobLease });
  const jobs = new JobRunner(
    [
      ...webhooks.sender.jobs(),
      ...notifications.delivery.jobs(),
      ...bankCards.jobs(),
      ...funds.jobs(),
      ...audit.jobs(),
      { name: 'passport-prune', everyMs: 86_400_000, run: () => passport.pruneTickets() },
      { name: 'rate-events-prune', everyMs: 3_600_000, run: async () => void (await limiter.prune()) },
    ],
    jobLease,
    clock,
    app.log,
    { leaseMs: config.jobLeaseMs },
  );
  // The sandbox channel notifies through the same endpoint a real channel would call.
  orders.sandbox?.useNotifier(async (channel, headers, body) => {
    const response = await app.inject({
      method: 'POST',
      url: `/p/v1/pay/notify/${channel}`,
      headers,
      payload: body,
    });
    return response.statusCode === 200 && response.json<{ code: string }>().code === 'SUCCESS';
  });
  // First registered, so Fastify runs it last: after the gateway (runAfterCalls, below) stopped sending events.
  if (ingest) app.addHook('onClose', () => ingest.close());
  app.addHook('onClose', () => devices.idle());
  app.addHook('onClose', () => adverts.idle());
  app.addHook('onClose', () => orders.close());
  app.addHook('onClose', () => notifications.idle());
  app.addHook('onClose', () => jobs.stop());
  // Last, so Fastify runs it first when the app closes (after the calls in flight): the machine link main.ts
  // started closes while the modules above still run (decision 042).
  app.addHook('onClose', () => lifecycle.runAfterCalls());

  // Routes: every call is one line into a service built above.
  const permissions = (auth: AuthContext) => permissionsOf(kysely, auth.user);
  const appUsable = (merchantId: number, name: string) => apps.usable(merchantId, name, clock());
  const r = new CallRegistrar(app, authenticator, permissions, appUsable);
  publicRoutes(r, {
    db: kysely,
    dialect: db.dialect,
    config,
    providers,
    agents,
    dev,
    version: VERSION,
    clock,
  });
  accountRoutes(r, accounts);
  catalogRoutes(r, catalog);
  stockRoutes(r, stock);
  deviceRoutes(r, devices, messaging, dev);
  brokerAuthRoutes(app, devices.machines, config.mqttTopicPrefix);
  orderRoutes(r, orders, dev);
  paymentNotifyRoutes(app, orders);
  analyticsRoutes(r, analytics, config.publicUrl);
  analyticsReportFileRoute(app, analytics);
  customerPages(app, { dist: config.webDist, sandbox: () => orders.provider.sandbox, dev });
  staffRoutes(r, staff);
  notifyRoutes(r, notifications.recipients, messaging, dev, (request) =>
    publicOrigin(config.publicUrl, request),
  );
  passportRoutes(r, passport);
  bankDirectoryRoutes(r, bankDirectory);
  bankCardRoutes(r, bankCards.cards, config.publicUrl);
  feeSplitRoutes(r, feeSplits.splits);
  couponRoutes(r, coupons);
  customerIdentityRoutes(app, {
    messaging,
    customers: coupons.customers,
    secret,
    publicUrl: config.publicUrl,
    clock,
  });
  fundRoutes(r, funds.service);
  giftRoutes(r, app, gifts.gifts, config.publicUrl);
  referrerRoutes(r, referrers.referrers, config.publicUrl);
  advertRoutes(r, adverts.adverts);
  webhookRoutes(r, webhooks.webhooks);
  apiKeyRoutes(r, apiKeys.keys);
  memberRoutes(r, app, members, config.publicUrl);
  auditRoutes(r, app, audit, config.publicUrl);
  marketingRoutes(r, app, marketing, config.publicUrl);
  settlementReportRoutes(
    r,
    app,
    createSettlementReport({
      db: kysely,
      funds,
      authenticator,
      platformSecret: secret,
      clock,
      timeZone: config.timeZone,
    }),
    config.publicUrl,
  );
  fundDevRoutes(r, dev, funds);
  oauthRoutes(app, {
    messaging,
    dev,
    passport,
    notify: notifications.recipients,
    agents,
    platformSecret: secret,
    publicUrl: config.publicUrl,
    clock,
  });
  overviewRoutes(r, overview, apps, clock);
  bankCardFileRoutes(app, {
    cards: bankCards.cards,
    maxBytes: config.uploadMaxBytes,
    registrar: (scope) => new CallRegistrar(scope, authenticator, permissions, appUsable),
    calls: r.registered,
  });
  // Last: its file routes check every call registered before them.
  catalogFileRoutes(app, {
    catalog,
    messaging,
    maxBytes: config.uploadMaxBytes,
    registrar: (scope) => new CallRegistrar(scope, authenticator, permissions, appUsable),
    calls: r.registered,
    dev,
  });

  // The public API's reference, of every call registered above (decision 047).
  openApiRoutes(app, { calls: r.registered, version: VERSION });
  healthRoutes(app, {
    db: kysely,
    mqttUp: () => devices.gateway.running,
    closing: () => lifecycle.closing,
  });
  serveWebApp(app, config.webDist);
  return {
    app,
    lifecycle,
    services: {
      accounts,
      agents,
      apps,
      providers,
      limiter,
      catalog,
      stock,
      devices,
      orders,
      analytics,
      staff,
      notifications,
      passport,
      bankCards,
      feeSplits,
      coupons,
      funds,
      bankDirectory,
      gifts,
      referrers,
      marketing,
      adverts,
      members,
      audit,
      webhooks,
      jobs,
    },
    calls: r.registered,
    dev,
  };
}

/** Calls without a body ("no body" in spec §7) arrive as {} instead of a JSON parse error. */
function acceptEmptyJson(app: FastifyInstance): void {
  // JSON only: text/plain and the rest answer 415 instead of reaching a handler as a string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('invalid JSON'), {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      });
      done(error, undefined);
    }
  });
}

/**
 * The built web app on the same port: hashed assets cached for a year, index.html never cached,
 * and every other GET outside the API answered with index.html so client routes survive a reload.
 */
function serveWebApp(app: FastifyInstance, dist: string): void {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  void app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // Vite writes .br and .gz beside each asset; serving them saves the phone the bytes and the CPU.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/p/')) {
      return reply.status(404).send({ rcode: RCODE.NOT_FOUND, msg: 'not found', result: null });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
