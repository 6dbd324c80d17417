import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes only from the environment and is validated once at start, so a typo stops the
 * process with a message that names the variable instead of failing later.
 */
const modeSchema = z.enum(['demo', 'production']);

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
  /** How long a command waits for the machine's acknowledgement; below the app's 15 s request timeout. */
  DEVICE_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(14_000).default(10_000),
  TZ: z.string().default('Asia/Shanghai'),
  VENDO_MODE: modeSchema.default('production'),
  /** Secret for HMAC signs (bind links, SMS signs). Demo generates and keeps one under DATA_DIR. */
  VENDO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Whether the web app only runs inside the WeChat / Alipay browser. Default: on in production. */
  BROWSER_GATE: z.enum(['on', 'off']).optional(),
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** WeChat Pay / Alipay: only the sandbox exists yet; a real adapter adds its name here. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** A paid order the machine has not answered for this long turns abnormal (status 5). */
  ORDER_ABNORMAL_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  /** Days of the default app modules a new merchant gets. */
  TRIAL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
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
  timeZone: string;
  mode: Mode;
  secret: string | undefined;
  browserGate: boolean;
  smsProvider: 'sandbox';
  paymentProvider: 'sandbox';
  orderAbnormalAfterMs: number;
  trialDays: number;
  publicUrl: string | undefined;
  payDomain: string;
  webDist: string;
  imageHost: string | undefined;
  uploadMaxBytes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

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
    timeZone: e.TZ,
    mode: e.VENDO_MODE,
    secret: e.VENDO_SECRET,
    browserGate: e.BROWSER_GATE ? e.BROWSER_GATE === 'on' : e.VENDO_MODE === 'production',
    smsProvider: e.SMS_PROVIDER,
    paymentProvider: e.PAYMENT_PROVIDER,
    orderAbnormalAfterMs: e.ORDER_ABNORMAL_AFTER_MS,
    trialDays: e.TRIAL_DAYS,
    publicUrl: e.PUBLIC_URL,
    payDomain: e.PAY_DOMAIN,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    imageHost: e.IMAGE_HOST,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
  };
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
