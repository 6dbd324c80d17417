import { getAppConfig } from '@vendo/contract/api/account';
import { describe, expect, it } from 'vitest';
import { appConfigCall, isAppConfig } from './app-config';

// The configuration call is described by hand (no zod on the first screen); it must stay the contract's.
describe('getAppConfig without zod', () => {
  it('uses the contract path and access', () => {
    expect([appConfigCall.path, appConfigCall.auth]).toEqual([getAppConfig.path, getAppConfig.auth]);
  });

  it('accept exactly what the contract schemas accept', () => {
    const config = {
      mode: 'demo',
      browserGate: false,
      sandbox: { sms: true },
      wechatLogin: { configured: false, url: '' },
      agent: { id: '888888', name: 'Vendo', logo: '' },
    };
    const samples: unknown[] = [
      config,
      { ...config, mode: 'test' },
      { ...config, mode: 'staging' },
      { ...config, sandbox: {} },
      { ...config, agent: { id: 1, name: 'x', logo: '' } },
      null,
    ];
    for (const sample of samples) {
      expect(isAppConfig(sample), JSON.stringify(sample)).toBe(
        getAppConfig.response.safeParse(sample).success,
      );
    }
  });
});
