import { hmac, safeEqual } from '../../platform/crypto';

/**
 * The sign of a bind link (spec §2 /bind): an HMAC of clientid and sn under the platform secret, so only
 * links made by provisioning bind a machine. 128 bits keep the QR code small.
 */
export function bindSign(platformSecret: string, clientid: string, sn: string): string {
  return hmac(platformSecret, `bind:${clientid}:${sn}`).slice(0, 32);
}

export function verifyBindSign(platformSecret: string, clientid: string, sn: string, sign: string): boolean {
  return safeEqual(bindSign(platformSecret, clientid, sn), sign.trim().toLowerCase());
}

/** '/bind?clientid=..&sn=..&sign=..' under the public base URL. */
export function bindLink(baseUrl: string, device: { clientid: string; sn: string; sign: string }): string {
  const query = new URLSearchParams({ clientid: device.clientid, sn: device.sn, sign: device.sign });
  return `${baseUrl.replace(/\/+$/, '')}/bind?${query.toString()}`;
}
