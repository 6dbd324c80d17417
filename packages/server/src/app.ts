import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import * as api from '@vendo/contract/api/account';
import { RCODE } from '@vendo/contract/rcodes';
import type { Config } from './config';
import type { Db } from './db/create-db';
import { SandboxMessaging } from './integrations/messaging/sandbox-messaging';
import { SandboxSms } from './integrations/sms/sandbox-sms';
import { AccountRepository } from './modules/accounts/account-repository';
import { AccountsService } from './modules/accounts/accounts-service';
import { accountRoutes } from './modules/accounts/routes';
import { permissionsOf } from './modules/accounts/permissions';
import { SmsCodes } from './modules/accounts/sms-codes';
import { Agents } from './modules/agents/agents';
import { AppModules } from './modules/apps/app-modules';
import { createCatalog, type Catalog } from './modules/catalog/catalog-module';
import { catalogFileRoutes } from './modules/catalog/file-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { stockRoutes } from './modules/stock/routes';
import { createDevicesModule, type DevicesModule } from './modules/devices/devices-module';
import { deviceRoutes } from './modules/devices/routes';
import { brokerAuthRoutes } from './gateway/broker-auth-routes';
import { AppError } from './platform/app-error';
import { Authenticator, type AuthContext } from './platform/auth';
import { installErrorHandling } from './platform/error-handler';
import { loadPlatformSecret } from './platform/platform-secret';
import { RateLimiter } from './platform/rate-limit';
import { CallRegistrar } from './platform/route';

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
  sms: SandboxSms;
  limiter: RateLimiter;
  messaging: SandboxMessaging;
  catalog: Catalog;
  devices: DevicesModule;
}

/** Builds the whole HTTP application; main.ts listens on it and tests call app.inject. */
export async function buildApp(
  options: AppOptions,
): Promise<{ app: FastifyInstance; services: Services; calls: CallRegistrar['registered'] }> {
  const { config, db } = options;
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Behind a proxy the caller's address arrives in X-Forwarded-For; rate limits need the real one.
    trustProxy: config.mode === 'production' ? 'loopback' : true,
  });
  installErrorHandling(app);
  acceptEmptyJson(app);

  const kysely = db.kysely;
  const secret = await loadPlatformSecret(kysely, config.secret);
  const sms = new SandboxSms(app.log, clock);
  const agents = new Agents(kysely, clock);
  await agents.ensureDefault();
  const apps = new AppModules(kysely);
  const limiter = new RateLimiter(kysely, clock);
  const accounts = new AccountsService({
    db: kysely,
    repo: new AccountRepository(kysely),
    sms: new SmsCodes(kysely, sms, clock, secret),
    apps,
    agents,
    limiter,
    clock,
    timeZone: config.timeZone,
    trialDays: config.trialDays,
    payDomain: config.payDomain,
  });

  const authenticator = new Authenticator(kysely, clock);
  const permissions = (auth: AuthContext) => permissionsOf(kysely, auth.user);
  const r = new CallRegistrar(app, authenticator, permissions);
  r.public(api.health, async () => {
    await sql`select 1`.execute(kysely);
    return { status: 'ok' as const, version: VERSION, time: clock(), db: db.dialect };
  });
  r.public(api.getAppConfig, async ({ body }) => ({
    mode: config.mode,
    browserGate: config.browserGate,
    sandbox: { sms: sms.sandbox },
    wechatLogin: { configured: false, url: '' },
    agent: await agents.brand(body.agent),
  }));
  r.public(api.getAgent, ({ body }) => agents.brand(body.agent));
  r.public(api.smsOutbox, async ({ body }) => {
    const sent = sms.latest(body.phone);
    if (!sent) throw new AppError(RCODE.NOT_FOUND);
    return { code: sent.params.code, text: sent.text, sent_at: sent.sentAt };
  });
  accountRoutes(r, accounts);
  const messaging = new SandboxMessaging(clock);
  const catalog = createCatalog({ db: kysely, apps, messaging, config, clock });
  catalogRoutes(r, catalog);
  stockRoutes(r, catalog.stock);
  const devices = createDevicesModule({ db: kysely, config, platformSecret: secret, clock, log: app.log });
  deviceRoutes(r, devices, messaging);
  brokerAuthRoutes(app, devices.machines, config.mqttTopicPrefix);
  app.addHook('onClose', () => devices.idle());
  catalogFileRoutes(app, {
    catalog,
    messaging,
    maxBytes: config.uploadMaxBytes,
    registrar: (scope) => new CallRegistrar(scope, authenticator, permissions),
    calls: r.registered,
  });

  serveWebApp(app, config.webDist);
  return {
    app,
    services: { accounts, agents, apps, sms, limiter, messaging, catalog, devices },
    calls: r.registered,
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
