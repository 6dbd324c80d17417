import { hmac, randomToken, safeEqual } from '../../platform/crypto';

/**
 * What an OAuth round trip is for, kept in a signed, HttpOnly cookie while the browser visits the messaging app:
 * the platform's `state` may hold only 128 characters, so it carries just the nonce, and the callback accepts it
 * only from the browser holding the matching cookie (no login CSRF, no replay after 10 minutes).
 */
export interface OAuthIntent {
  /** login: the messaging-app login of an agent; notify: following a recipient's bind link. */
  purpose: 'login' | 'notify';
  /** The agent id (login) or the bind link's ticket (notify). */
  value: string;
}

export const OAUTH_COOKIE = 'vendo_oauth';
export const OAUTH_COOKIE_MS = 10 * 60 * 1000;

interface Sealed extends OAuthIntent {
  nonce: string;
  expiresAt: number;
}

export function sealIntent(
  secret: string,
  intent: OAuthIntent,
  now: number,
): { cookie: string; state: string } {
  const nonce = randomToken().slice(0, 32);
  const sealed: Sealed = { ...intent, nonce, expiresAt: now + OAUTH_COOKIE_MS };
  const body = Buffer.from(JSON.stringify(sealed)).toString('base64url');
  return { cookie: `${body}.${hmac(secret, `oauth:${body}`)}`, state: nonce };
}

/** The intent of a callback, if the cookie is ours, unexpired and made for this state; otherwise null. */
export function openIntent(
  secret: string,
  cookie: string | undefined,
  state: string,
  now: number,
): OAuthIntent | null {
  if (!cookie) return null;
  const [body, mac] = cookie.split('.');
  if (!body || !mac || !safeEqual(mac, hmac(secret, `oauth:${body}`))) return null;
  let sealed: Sealed;
  try {
    sealed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Sealed;
  } catch {
    return null;
  }
  if (sealed.expiresAt <= now || !state || !safeEqual(sealed.nonce, state)) return null;
  if (sealed.purpose !== 'login' && sealed.purpose !== 'notify') return null;
  return { purpose: sealed.purpose, value: String(sealed.value) };
}
