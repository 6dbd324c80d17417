import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './server-root';

/**
 * Configuration comes only from the environment and is validated once at start, so a typo stops the
 * process with a message that names the variable instead of failing later.
 */
const modeSchema = z.enum(['demo', 'test', 'production']);

/** The one value ALLOW_SANDBOX_IN_PRODUCTION accepts: words nobody sets by accident (docs/decisions/019). */
export const ALLOW_SANDBOX_VALUE = 'yes-i-know';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (unset it to use SQLite)')
    .optional(),
  /** PostgreSQL schema to use; tests give each run its own. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lower-case identifier')
    .default('public'),
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\//, 'must be an mqtt:// URL')
    .optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** First topic level of the device protocol; deployments (or test runs) sharing a broker use their own. */
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, - and _ only')
    .default('vendo'),
  /**
   * Machine events stored by a worker thread with its own SQLite connection (decision 055): on by default for a
   * SQLite file; PostgreSQL and in-memory databases always store on the server's thread.
   */
  INGEST_WORKER: z.enum(['on', 'off']).default('on'),
  /** How long a command waits for the machine's acknowledgement; below the app's 15 s request timeout. */
  DEVICE_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(14_000).default(10_000),
  /** How long a job's lease outlives its process's last heartbeat: the takeover time after a crash (decision 043). */
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  TZ: z.string().default('Asia/Shanghai'),
  VENDO_MODE: modeSchema.default('production'),
  /** Secret for HMAC signs (bind links, SMS signs). Demo generates and keeps one under DATA_DIR. */
  VENDO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Whether the web app only runs inside the WeChat / Alipay browser. Default: on in production. */
  BROWSER_GATE: z.enum(['on', 'off']).optional(),
  /** The outside services (integrations/providers.ts builds them): only the sandboxes exist yet. */
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The messaging app (WeChat Official Account: OAuth login, template messages, JS-SDK). */
  MESSAGING_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** WeChat Pay / Alipay: a real adapter adds its name here. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Reading bank cards and ID cards from their photos (the bank-card editor's pre-fill). */
  OCR_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The bank that pays settlements out (docs/funds.md): a real adapter adds its name here. */
  PAYOUT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Production refuses sandbox providers unless this is exactly ALLOW_SANDBOX_VALUE. */
  ALLOW_SANDBOX_IN_PRODUCTION: z
    .literal(ALLOW_SANDBOX_VALUE, { error: `must be "${ALLOW_SANDBOX_VALUE}" (or unset)` })
    .optional(),
  /** The proxies whose X-Forwarded-For names the caller (unset: nobody). See parseTrustProxy. */
  TRUST_PROXY: z.string().optional(),
  /** A paid order the machine has not answered for this long turns abnormal (status 5). */
  ORDER_ABNORMAL_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  /** Days of the default app modules a new merchant gets. */
  TRIAL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Days the audit log keeps its entries (decision 046). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(400),
  /** Where the web app is served from, for links the server writes. */
  PUBLIC_URL: z.string().url().optional(),
  PAY_DOMAIN: z.string().default(''),
  WEB_DIST: z.string().optional(),
  /** Base URL that serves DATA_DIR/uploads (a CDN in front of /uploads/); unset: image URLs stay on this server. */
  IMAGE_HOST: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an http(s):// URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Largest file an upload (image or import file) may have, in bytes. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Mode = z.infer<typeof modeSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** Whether MQTT_PORT was given; the demo may move off a busy default port, never off a chosen one. */
  mqttPortChosen: boolean;
  mqttTopicPrefix: string;
  deviceCommandTimeoutMs: number;
  /** INGEST_WORKER: machine events stored on a worker thread where the database allows (SQLite files). */
  ingestWorker: boolean;
  jobLeaseMs: number;
  timeZone: string;
  mode: Mode;
  secret: string | undefined;
  browserGate: boolean;
  smsProvider: 'sandbox';
  messagingProvider: 'sandbox';
  paymentProvider: 'sandbox';
  ocrProvider: 'sandbox';
  payoutProvider: 'sandbox';
  /** ALLOW_SANDBOX_IN_PRODUCTION was given: production may run on sandbox providers (loudly). */
  allowSandboxInProduction: boolean;
  /** Fastify's trustProxy: false (nobody) or the proxies' addresses, CIDRs and loopback/linklocal/uniquelocal. */
  trustProxy: TrustProxy;
  orderAbnormalAfterMs: number;
  trialDays: number;
  auditRetentionDays: number;
  publicUrl: string | undefined;
  payDomain: string;
  webDist: string;
  imageHost: string | undefined;
  uploadMaxBytes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export type TrustProxy = false | string[];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!isTimeZone(e.TZ)) throw new ConfigError(`Invalid configuration:\n  TZ: unknown time zone "${e.TZ}"`);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string')
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttPortChosen: present['MQTT_PORT'] !== undefined,
    mqttTopicPrefix: e.MQTT_TOPIC_PREFIX,
    deviceCommandTimeoutMs: e.DEVICE_COMMAND_TIMEOUT_MS,
    ingestWorker: e.INGEST_WORKER === 'on',
    jobLeaseMs: e.JOB_LEASE_MS,
    timeZone: e.TZ,
    mode: e.VENDO_MODE,
    secret: e.VENDO_SECRET,
    // Test mode is production with the sandboxes' test pages on, so the gate is on there too.
    browserGate: e.BROWSER_GATE ? e.BROWSER_GATE === 'on' : e.VENDO_MODE !== 'demo',
    smsProvider: e.SMS_PROVIDER,
    messagingProvider: e.MESSAGING_PROVIDER,
    paymentProvider: e.PAYMENT_PROVIDER,
    ocrProvider: e.OCR_PROVIDER,
    payoutProvider: e.PAYOUT_PROVIDER,
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION === ALLOW_SANDBOX_VALUE,
    trustProxy,
    orderAbnormalAfterMs: e.ORDER_ABNORMAL_AFTER_MS,
    trialDays: e.TRIAL_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    publicUrl: e.PUBLIC_URL,
    payDomain: e.PAY_DOMAIN,
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '../web/dist')),
    imageHost: e.IMAGE_HOST,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * Production serves only with VENDO_SECRET set: payout card data is encrypted under a key derived from it
 * (decision 031), and a secret generated into the database would sit beside the data it protects.
 */
export function checkProductionSecret(config: Config): void {
  if (config.mode === 'production' && !config.secret) {
    throw new ConfigError(
      'Production mode needs VENDO_SECRET (at least 32 characters, the same for every process):\n' +
        '  payout card numbers, ID numbers and phones are encrypted under a key derived from it.',
    );
  }
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: unset trusts nobody (request.ip is the peer's address); otherwise a
 * comma-separated list of the proxies' addresses, CIDRs and the names loopback, linklocal, uniquelocal. `true` and
 * hop counts are refused (Fastify refuses hop counts too): they believe a caller who reaches the server directly,
 * who could then choose the address the per-address limits count. Answers the problem as a string when wrong.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  if (value === undefined) return false;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.has(entry) || net.isIP(entry) !== 0) continue;
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    const max = family === 4 ? 32 : 128;
    if (family !== 0 && rest.length === 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= max) continue;
    return `"${entry}" is not an address, a CIDR, loopback, linklocal or uniquelocal (the proxies to believe)`;
  }
  return entries;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
