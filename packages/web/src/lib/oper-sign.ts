import { OPER_SESSION_MS } from '@vendo/contract/constants';
import { session, SESSION_KEYS } from './storage';

/*
 * The operator session of spec §4: checkOprPwd answers a sign that refund, remote control and unbind send for
 * the next 2 hours. It is kept for the tab, tied to the login that earned it (another person logging in on the
 * same phone, or the same person after a new login, starts without one).
 */

/** Whose sign it is: the user and the login (token) it was issued to. */
export interface OperSignOwner {
  username: string;
  token: string;
}

interface StoredOperSign {
  username: string;
  token: string;
  sign: string;
  expireAt: number;
}

function isStoredOperSign(value: unknown): value is StoredOperSign {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof StoredOperSign, unknown>>;
  return (
    typeof v.username === 'string' &&
    typeof v.token === 'string' &&
    typeof v.sign === 'string' &&
    v.sign !== '' &&
    typeof v.expireAt === 'number'
  );
}

/**
 * When a sign issued now ends on this phone's clock: 2 hours from now, or earlier when the server said so. The
 * server's expire_at is on its own clock; taking the earlier of the two never outlives the server's session.
 */
export function operSignExpiry(serverExpireAt: number, now: number): number {
  return Math.min(serverExpireAt, now + OPER_SESSION_MS);
}

/** The owner's sign while it is valid, else null. */
export function readOperSign(owner: OperSignOwner, now: number = Date.now()): string | null {
  const raw = session.get(SESSION_KEYS.operSign);
  if (raw === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isStoredOperSign(stored)) return null;
  if (stored.username !== owner.username || stored.token !== owner.token) return null;
  return stored.expireAt > now ? stored.sign : null;
}

export function saveOperSign(owner: OperSignOwner, sign: string, expireAt: number): void {
  const stored: StoredOperSign = { username: owner.username, token: owner.token, sign, expireAt };
  session.set(SESSION_KEYS.operSign, JSON.stringify(stored));
}

/** Forgets the sign, e.g. when the server answered "identity verification expired". */
export function clearOperSign(): void {
  session.remove(SESSION_KEYS.operSign);
}
