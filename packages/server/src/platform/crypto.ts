import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes as hex: session tokens, secrets, signs. */
export function randomToken(): string {
  return randomBytes(32).toString('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function randomDigits(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Tokens are stored as their SHA-256 so a leaked table does not leak live sessions. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
