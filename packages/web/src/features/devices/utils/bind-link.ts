import { session, SESSION_KEYS } from '../../../lib/storage';

/** What a machine's bind link carries (spec §2 /bind): its clientid, serial number and the platform's sign. */
export interface BindInfo {
  clientid: string;
  sn: string;
  sign: string;
}

function isBindInfo(value: unknown): value is BindInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof BindInfo, unknown>>;
  return typeof v.clientid === 'string' && typeof v.sn === 'string' && typeof v.sign === 'string';
}

/** The bind info of a query string, when it has a clientid and a sign (the sn is what the form shows). */
export function bindInfoFromParams(params: URLSearchParams): BindInfo | null {
  const clientid = params.get('clientid')?.trim() ?? '';
  const sign = params.get('sign')?.trim() ?? '';
  const sn = params.get('sn')?.trim() ?? '';
  return clientid && sign ? { clientid, sn, sign } : null;
}

/**
 * Reads a bind code typed or scanned on /deviceBindEnter: the whole link (https://host/bind?clientid=..&sn=..
 * &sign=..), the path (/bind?...) or the bare query (clientid=..&sn=..&sign=..). A link to any other page, or
 * one missing a field, is not a bind code. The sn must be digits (spec §5).
 */
export function parseBindCode(text: string): BindInfo | null {
  const code = text.trim();
  if (!code) return null;
  const question = code.indexOf('?');
  let query: string;
  if (question >= 0) {
    const path = code.slice(0, question).replace(/\/+$/, '');
    const page = path.slice(path.lastIndexOf('/') + 1);
    if (page.toLowerCase() !== 'bind') return null;
    query = code.slice(question + 1);
  } else if (/(^|&)clientid=/.test(code)) {
    query = code;
  } else {
    return null;
  }
  const info = bindInfoFromParams(new URLSearchParams(query.split('#')[0]));
  if (!info || !/^\d+$/.test(info.sn)) return null;
  return info;
}

/** The /bind address of a bind code, the way the machine's QR code opens it. */
export function bindPath(info: BindInfo): string {
  return `/bind?${new URLSearchParams({ clientid: info.clientid, sn: info.sn, sign: info.sign }).toString()}`;
}

/** The bind link being bound, kept for the tab so that /bind can drop it from the address (spec §2). */
export function readBindInfo(): BindInfo | null {
  const raw = session.get(SESSION_KEYS.bindInfo);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isBindInfo(value) && value.clientid && value.sign ? value : null;
  } catch {
    return null;
  }
}

export function saveBindInfo(info: BindInfo): void {
  session.set(SESSION_KEYS.bindInfo, JSON.stringify(info));
}

export function clearBindInfo(): void {
  session.remove(SESSION_KEYS.bindInfo);
}
