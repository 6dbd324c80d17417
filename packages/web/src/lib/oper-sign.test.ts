import { OPER_SESSION_MS } from '@vendo/contract/constants';
import { describe, expect, it } from 'vitest';
import { clearOperSign, operSignExpiry, readOperSign, saveOperSign } from './oper-sign';
import { session, SESSION_KEYS } from './storage';

const NOW = 1_800_000_000_000;
const owner = { username: '13800138000', token: 'tok-1' };

describe('the operator sign', () => {
  it('is kept for its owner until it expires', () => {
    saveOperSign(owner, 'sign-1', NOW + 1000);
    expect(readOperSign(owner, NOW)).toBe('sign-1');
    expect(readOperSign(owner, NOW + 999)).toBe('sign-1');
    expect(readOperSign(owner, NOW + 1000)).toBeNull();
  });

  it('belongs to one user and one login: another person, or a new login, starts without one', () => {
    saveOperSign(owner, 'sign-1', NOW + 1000);
    expect(readOperSign({ ...owner, username: '13900139000' }, NOW)).toBeNull();
    expect(readOperSign({ ...owner, token: 'tok-2' }, NOW)).toBeNull();
  });

  it('lives in session storage and is gone once cleared; anything unreadable counts as none', () => {
    saveOperSign(owner, 'sign-1', NOW + 1000);
    expect(session.get(SESSION_KEYS.operSign)).toContain('sign-1');
    clearOperSign();
    expect(readOperSign(owner, NOW)).toBeNull();
    session.set(SESSION_KEYS.operSign, '{broken');
    expect(readOperSign(owner, NOW)).toBeNull();
    session.set(SESSION_KEYS.operSign, JSON.stringify({ ...owner, sign: '', expireAt: NOW + 1000 }));
    expect(readOperSign(owner, NOW)).toBeNull();
  });

  it('lasts 2 hours on this phone, or less when the server says so', () => {
    expect(operSignExpiry(NOW + OPER_SESSION_MS + 600_000, NOW)).toBe(NOW + OPER_SESSION_MS);
    expect(operSignExpiry(NOW + 60_000, NOW)).toBe(NOW + 60_000);
  });
});
