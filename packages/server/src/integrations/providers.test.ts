import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { checkProviders, chosenProviders, sandboxInProductionWarning } from './providers';

describe('providers chosen from configuration', () => {
  it('lists every provider with its setting and whether it is a sandbox', () => {
    expect(chosenProviders(loadConfig({ VENDO_MODE: 'test' }))).toEqual([
      { kind: 'sms', label: 'SMS', setting: 'SMS_PROVIDER', name: 'sandbox', sandbox: true },
      {
        kind: 'messaging',
        label: 'Messaging app',
        setting: 'MESSAGING_PROVIDER',
        name: 'sandbox',
        sandbox: true,
      },
      { kind: 'payments', label: 'Payments', setting: 'PAYMENT_PROVIDER', name: 'sandbox', sandbox: true },
      { kind: 'ocr', label: 'OCR', setting: 'OCR_PROVIDER', name: 'sandbox', sandbox: true },
      { kind: 'payouts', label: 'Payouts', setting: 'PAYOUT_PROVIDER', name: 'sandbox', sandbox: true },
    ]);
  });

  it('refuses sandboxes in production, naming them and the setting that allows them', () => {
    const production = loadConfig({ VENDO_MODE: 'production' });
    expect(() => checkProviders(production)).toThrow(ConfigError);
    expect(() => checkProviders(production)).toThrow(
      /SMS_PROVIDER=sandbox, MESSAGING_PROVIDER=sandbox, PAYMENT_PROVIDER=sandbox, OCR_PROVIDER=sandbox, PAYOUT_PROVIDER=sandbox[\s\S]*ALLOW_SANDBOX_IN_PRODUCTION=yes-i-know/,
    );
    expect(sandboxInProductionWarning(production)).toMatch(
      /SANDBOX PROVIDERS \(SMS, Messaging app, Payments, OCR, Payouts\)/,
    );
    for (const mode of ['demo', 'test']) {
      const config = loadConfig({ VENDO_MODE: mode });
      expect(checkProviders(config).map((p) => p.kind)).toEqual([
        'sms',
        'messaging',
        'payments',
        'ocr',
        'payouts',
      ]);
      expect(sandboxInProductionWarning(config)).toBeNull();
    }
  });

  it('takes only the exact words as the allowance', () => {
    const allowed = loadConfig({ VENDO_MODE: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'yes-i-know' });
    expect(allowed.allowSandboxInProduction).toBe(true);
    expect(checkProviders(allowed)).toHaveLength(5);
    for (const value of ['1', 'true', 'yes']) {
      expect(() => loadConfig({ ALLOW_SANDBOX_IN_PRODUCTION: value })).toThrow(
        /ALLOW_SANDBOX_IN_PRODUCTION: must be "yes-i-know"/,
      );
    }
  });
});

describe.each(dialects())('production on the sandboxes (%s)', (dialect) => {
  it('does not build without the allowance', async () => {
    await expect(createTestApp(dialect, { VENDO_MODE: 'production' })).rejects.toThrow(
      /Production mode refuses sandbox providers: SMS_PROVIDER=sandbox/,
    );
  });

  describe('allowed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        VENDO_MODE: 'production',
        ALLOW_SANDBOX_IN_PRODUCTION: 'yes-i-know',
      });
    });
    afterAll(() => t.close());

    it('sends codes, but nobody reads another phone’s code through the outbox', async () => {
      expect((await t.call('/p/v1/checkAccount', { phone: '13900000041' })).rcode).toBe(0);
      expect(t.services.providers.sandboxes.sms!.latest('13900000041')?.params.code).toMatch(/^\d{6}$/);
      const outbox = await t.call('/p/v1/dev/smsOutbox', { phone: '13900000041' });
      expect([outbox.status, outbox.rcode]).toEqual([404, RCODE.NOT_FOUND]);
    });

    it('offers no messaging-app login: its sandbox authorize page is off', async () => {
      const config = await t.call('/p/v1/getAppConfig', {});
      expect(config.result).toMatchObject({
        mode: 'production',
        sandbox: { sms: true, payments: true, messaging: true },
        wechatLogin: { configured: false },
      });
    });

    it('refuses online sales before making an order, as no cashier can take the payment', async () => {
      const answer = await t.call('/p/v1/buy/createOrder', {
        sn: '80000001',
        channel_sn: 1,
        pay_channel: 'wechat',
      });
      expect(answer.rcode).toBe(RCODE.ONLINE_PAYMENT_UNAVAILABLE);
      expect(answer.msg).toBe('Online payment is not available here yet');
      const orders = await t.db.kysely.selectFrom('orders').select('id').execute();
      expect(orders).toEqual([]);
    });
  });
});
