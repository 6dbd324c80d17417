import { describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import type { AuthContext } from './auth';
import { sha256 } from './crypto';
import { assertOperSign, storeInScope, type Scope } from './scope';

const NOW = 1_800_000_000_000;

function auth(isOperPwd: number, sign: string | null, expiresAt: number | null): AuthContext {
  return {
    user: { is_oper_pwd: isOperPwd } as AuthContext['user'],
    merchant: {} as AuthContext['merchant'],
    sessionId: 1,
    loginType: 'common',
    expiresAt: NOW + 1000,
    operSignHash: sign ? sha256(sign) : null,
    operExpiresAt: expiresAt,
    passportId: null,
  };
}

describe('operation-password guard', () => {
  it('lets a user without an active operation password through without a sign', () => {
    expect(() => assertOperSign(auth(0, null, null), undefined, NOW)).not.toThrow();
  });

  it('needs the sign of this session, under 2 hours old', () => {
    const a = auth(1, 'the-sign', NOW + 7_200_000);
    expect(() => assertOperSign(a, 'the-sign', NOW)).not.toThrow();
    expect(() => assertOperSign(a, 'the-sign', NOW + 7_199_999)).not.toThrow();
    expect(() => assertOperSign(a, 'the-sign', NOW + 7_200_000)).toThrow(
      expect.objectContaining({ rcode: RCODE.IDENTITY_EXPIRED }),
    );
    expect(() => assertOperSign(a, 'other', NOW)).toThrow(
      expect.objectContaining({ rcode: RCODE.IDENTITY_EXPIRED }),
    );
    expect(() => assertOperSign(a, undefined, NOW)).toThrow();
    expect(() => assertOperSign(auth(1, null, null), 'the-sign', NOW)).toThrow();
  });
});

describe('store scope', () => {
  const base: Scope = {
    merchantId: 1,
    userId: 2,
    isMain: false,
    storeIds: null,
    goodsOwnOnly: false,
    bankOwnOnly: false,
  };
  it('allows every store when unrestricted and only listed ones otherwise', () => {
    expect(storeInScope(base, 5)).toBe(true);
    expect(storeInScope({ ...base, storeIds: [5] }, 5)).toBe(true);
    expect(storeInScope({ ...base, storeIds: [5] }, 6)).toBe(false);
    expect(storeInScope({ ...base, storeIds: [5] }, null)).toBe(false);
  });
});
