import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { RCODE } from '@vendo/contract/rcodes';
import type { Mode } from '../../config';
import { AppError } from '../../platform/app-error';

/*
 * Where the server may send deliveries (decision 048). A webhook makes the server POST to an address a merchant
 * typed: without limits that is a server-side request forgery, reaching the database, the metadata service of a
 * cloud or the admin pages of the private network. In production: https only, and never to a private, loopback,
 * link-local or otherwise reserved address, checked when the endpoint is saved (a literal address or `localhost`)
 * and again on every send against the address DNS answers (the connection uses that checked address, so a name
 * that later resolves elsewhere cannot slip through). Demo and test mode allow http and local receivers.
 */

const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv6');
}

/** A private, loopback, link-local, multicast or reserved address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return reserved.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family === 6) return reserved.check(address, 'ipv6');
  return true;
}

/** The endpoint's URL as saved: a proper http(s) URL; https and a public host in production. */
export function checkEndpointUrl(raw: string, mode: Mode): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(RCODE.WEBHOOK_URL_INVALID);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !url.hostname ||
    url.username ||
    url.password
  ) {
    throw new AppError(RCODE.WEBHOOK_URL_INVALID);
  }
  if (mode !== 'production') return url.toString();
  if (url.protocol !== 'https:') throw new AppError(RCODE.WEBHOOK_URL_HTTPS_REQUIRED);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
    throw new AppError(RCODE.WEBHOOK_URL_PRIVATE);
  }
  if (isIP(host) && isPrivateAddress(host)) throw new AppError(RCODE.WEBHOOK_URL_PRIVATE);
  return url.toString();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The DNS lookup sends use in production: answers only public addresses, so the socket connects to an address
 * that was checked (no second resolution between the check and the connection).
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (!allowed.length) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
        [],
      );
    }
    if (options.all) return callback(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
}
