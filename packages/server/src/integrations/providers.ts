import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ALLOW_SANDBOX_VALUE, ConfigError, type Config } from '../config';
import type { Database } from '../db/database';
import { hmac } from '../platform/crypto';
import type { MessagingApp } from './messaging/messaging-app';
import type { OcrProvider } from './ocr/ocr-provider';
import { SandboxOcr } from './ocr/sandbox-ocr';
import { SandboxMessaging } from './messaging/sandbox-messaging';
import type { PaymentProvider } from './payments/payment-provider';
import type { PayoutProvider } from './payouts/payout-provider';
import { SandboxPayouts } from './payouts/sandbox-payouts';
import { SandboxPayments, type SandboxPaymentsOptions } from './payments/sandbox-payments';
import { SandboxSms } from './sms/sandbox-sms';
import type { SmsProvider } from './sms/sms-provider';

/**
 * The one place the configuration chooses the outside services (docs/decisions/019-providers-dev-routes-trusted-proxies.md).
 * Each kind has its *_PROVIDER setting; `sandbox` is the only choice each has yet. Later issues add their kinds
 * here the same way (OCR_PROVIDER came with issue 15, PAYOUT_PROVIDER with issue 16), a line in `chosenProviders`, a field in
 * `Providers` and a builder below.
 */
export type ProviderKind = 'sms' | 'messaging' | 'payments' | 'ocr' | 'payouts';

export interface ProviderChoice {
  kind: ProviderKind;
  /** Its name in the start banner. */
  label: string;
  /** The environment variable that chooses it. */
  setting: string;
  /** What it is set to. */
  name: string;
  sandbox: boolean;
}

/** What the configuration chooses, before anything is built: the production check and the start banner read it. */
export function chosenProviders(config: Config): ProviderChoice[] {
  return [
    choice('sms', 'SMS', 'SMS_PROVIDER', config.smsProvider),
    choice('messaging', 'Messaging app', 'MESSAGING_PROVIDER', config.messagingProvider),
    choice('payments', 'Payments', 'PAYMENT_PROVIDER', config.paymentProvider),
    choice('ocr', 'OCR', 'OCR_PROVIDER', config.ocrProvider),
    choice('payouts', 'Payouts', 'PAYOUT_PROVIDER', config.payoutProvider),
  ];
}

function choice(kind: ProviderKind, label: string, setting: string, name: string): ProviderChoice {
  return { kind, label, setting, name, sandbox: name === 'sandbox' };
}

/**
 * Production refuses sandbox providers (no SMS reaches a phone, no money moves, anyone could "pay") unless
 * ALLOW_SANDBOX_IN_PRODUCTION says so; answers the sandboxes in use. Demo and test run on them by design.
 */
export function checkProviders(config: Config): ProviderChoice[] {
  const sandboxes = chosenProviders(config).filter((p) => p.sandbox);
  if (config.mode === 'production' && sandboxes.length > 0 && !config.allowSandboxInProduction) {
    const names = sandboxes.map((p) => `${p.setting}=${p.name}`).join(', ');
    throw new ConfigError(
      `Production mode refuses sandbox providers: ${names}.\n` +
        '  Configure real providers, or run VENDO_MODE=demo to try the product, or (a trial that moves no real ' +
        `money and sends no real SMS) set ALLOW_SANDBOX_IN_PRODUCTION=${ALLOW_SANDBOX_VALUE}.`,
    );
  }
  return sandboxes;
}

/** The loud line production logs and prints when it runs on sandboxes it was allowed. */
export function sandboxInProductionWarning(config: Config): string | null {
  if (config.mode !== 'production') return null;
  const sandboxes = chosenProviders(config).filter((p) => p.sandbox);
  if (sandboxes.length === 0) return null;
  return (
    `PRODUCTION IS RUNNING ON SANDBOX PROVIDERS (${sandboxes.map((p) => p.label).join(', ')}) because ` +
    `ALLOW_SANDBOX_IN_PRODUCTION=${ALLOW_SANDBOX_VALUE}: no SMS reaches a phone, no real money moves, ` +
    "customers cannot pay online, and the sandboxes' test pages stay off."
  );
}

export interface Providers {
  sms: SmsProvider;
  messaging: MessagingApp;
  payments: PaymentProvider;
  /** Bank-card and ID-card photos read for the bank-card editor. */
  ocr: OcrProvider;
  /** The bank paying settlements out (issue 16). */
  payouts: PayoutProvider;
  /**
   * The sandbox implementations in use (null where a real service is configured): the dev routes, the demo and
   * tests drive them.
   */
  sandboxes: {
    sms: SandboxSms | null;
    messaging: SandboxMessaging | null;
    payments: SandboxPayments | null;
    payouts: SandboxPayouts | null;
  };
  chosen: ProviderChoice[];
}

export interface ProviderDeps {
  config: Config;
  db: Kysely<Database>;
  platformSecret: string;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** Builds every provider the configuration chooses; refuses (ConfigError) what checkProviders refuses. */
export function buildProviders(d: ProviderDeps): Providers {
  const sandboxes = checkProviders(d.config);
  const warning = sandboxInProductionWarning(d.config);
  if (warning) d.log.warn({ sandboxes: sandboxes.map((p) => p.kind) }, warning);
  const sms = buildSms(d);
  const messaging = buildMessaging(d);
  const payments = buildPayments(d);
  const payouts = buildPayouts(d);
  return {
    sms: sms.provider,
    messaging: messaging.provider,
    payments: payments.provider,
    ocr: buildOcr(d),
    payouts: payouts.provider,
    sandboxes: {
      sms: sms.sandbox,
      messaging: messaging.sandbox,
      payments: payments.sandbox,
      payouts: payouts.sandbox,
    },
    chosen: chosenProviders(d.config),
  };
}

interface Built<P, S> {
  provider: P;
  sandbox: S | null;
}

function buildSms(d: ProviderDeps): Built<SmsProvider, SandboxSms> {
  switch (d.config.smsProvider) {
    case 'sandbox': {
      const sandbox = new SandboxSms(d.log, d.clock);
      return { provider: sandbox, sandbox };
    }
  }
}

function buildMessaging(d: ProviderDeps): Built<MessagingApp, SandboxMessaging> {
  switch (d.config.messagingProvider) {
    case 'sandbox': {
      const sandbox = new SandboxMessaging(d.clock);
      return { provider: sandbox, sandbox };
    }
  }
}

function buildOcr(d: ProviderDeps): OcrProvider {
  switch (d.config.ocrProvider) {
    case 'sandbox':
      return new SandboxOcr();
  }
}

function buildPayouts(d: ProviderDeps): Built<PayoutProvider, SandboxPayouts> {
  switch (d.config.payoutProvider) {
    case 'sandbox': {
      const sandbox = new SandboxPayouts(d.db, d.clock);
      return { provider: sandbox, sandbox };
    }
  }
}

function buildPayments(d: ProviderDeps): Built<PaymentProvider, SandboxPayments> {
  switch (d.config.paymentProvider) {
    case 'sandbox': {
      const sandbox = sandboxPayments(d);
      return { provider: sandbox, sandbox };
    }
  }
}

/** The sandbox payment provider, keyed from the platform secret (also the demo's history replay uses one). */
export function sandboxPayments(
  d: Pick<ProviderDeps, 'db' | 'platformSecret' | 'clock'> &
    Pick<SandboxPaymentsOptions, 'behaviour' | 'random'> & {
      log: { error(obj: object, msg?: string): void };
    },
): SandboxPayments {
  return new SandboxPayments({
    db: d.db,
    key: hmac(d.platformSecret, 'sandbox-payments'),
    clock: d.clock,
    ...(d.behaviour ? { behaviour: d.behaviour } : {}),
    ...(d.random ? { random: d.random } : {}),
    onError: (error) => d.log.error({ err: error }, 'sandbox payments failed'),
  });
}
