import { describe, expect, it } from 'vitest';
import * as purchase from '@vendo/contract/api/purchase';
import { RCODE } from '@vendo/contract/rcodes';
import { CALLS, PAY_CHANNEL_REQUIRED } from './api';
import { pageLocale } from './texts';

describe('the customer pages', () => {
  it('post to the paths of the contract calls they are typed from', () => {
    for (const [name, endpoint] of Object.entries(CALLS)) {
      expect(endpoint.path, name).toBe(purchase[name as keyof typeof CALLS].path);
    }
  });

  it('know the rcode they act on by its contract number', () => {
    expect(PAY_CHANNEL_REQUIRED).toBe(RCODE.PAY_CHANNEL_REQUIRED);
  });

  it('speak the chosen language, else the browser one, else zh-CN', () => {
    expect(pageLocale('zh-TW', ['en-US'])).toBe('zh-TW');
    expect(pageLocale(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(pageLocale('xx', ['zh-HK'])).toBe('zh-TW');
    expect(pageLocale(null, ['fr-FR'])).toBe('zh-CN');
  });
});
