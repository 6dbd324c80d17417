import type { AppEntry, UserInfo } from '@vendo/contract/api/account';

/** Test data only (imported by *.test.ts files, never by the app). */

const DAY = 86_400_000;

export function app(name: string, expireAt: number): AppEntry {
  return { app_module_name: name, expire_at: expireAt, extend: [] };
}

export function makeUser(overrides: Partial<UserInfo> = {}, now: number = Date.now()): UserInfo {
  return {
    username: '13800138000',
    nickname: 'Demo',
    token: 'tok',
    secret: 'sec',
    isMain: true,
    business: 'gpm',
    merchantName: 'Demo Merchant',
    havePerms: [],
    allStores: true,
    expiry: now + 3 * DAY,
    payDomain: '',
    isOperPwd: 1,
    subUserSuffix: '',
    appList: ['Account', 'Region', 'Profit', 'Stock', 'Member', 'Advertisement'].map((n) =>
      app(n, now + 365 * DAY),
    ),
    loginType: 'common',
    agent: { id: '888888', name: 'Vendo', logo: '' },
    ...overrides,
  };
}
