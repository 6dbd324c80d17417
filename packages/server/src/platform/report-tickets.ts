import { REPORT_FORMATS } from '@vendo/contract/api/analytics';
import { LOCALES, type Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from './app-error';
import { hmac, safeEqual } from './crypto';
import type { ReportFormat } from './report-file';

/** A download link works this long after it was asked for. */
export const REPORT_LINK_MS = 10 * 60_000;

/** What a download link carries: who asked (their session), which file, and until when. */
export interface ReportTicket<K extends string = string> {
  session: number;
  user: number;
  kind: K;
  format: ReportFormat;
  condition: Record<string, unknown>;
  locale: Locale;
  expires: number;
}

/**
 * Download links signed with a key derived from the platform secret and the links' purpose (each module serving
 * files has its own, so one module's link never opens another's file), so any server process can check one and
 * nothing is stored: the ticket is the request itself (base64url JSON) and its HMAC. A changed byte, another
 * key, a kind not of this purpose or a passed expiry reads "invalid or expired".
 */
export class ReportTickets<K extends string> {
  private readonly key: string;

  constructor(
    platformSecret: string,
    private readonly clock: () => number,
    purpose: string,
    private readonly kinds: readonly K[],
  ) {
    this.key = hmac(platformSecret, purpose);
  }

  sign(ticket: Omit<ReportTicket<K>, 'expires'>): { token: string; expires: number } {
    const expires = this.clock() + REPORT_LINK_MS;
    const body = Buffer.from(JSON.stringify({ ...ticket, expires })).toString('base64url');
    return { token: `${body}.${hmac(this.key, body)}`, expires };
  }

  verify(token: string): ReportTicket<K> {
    const [body = '', mac = ''] = token.split('.');
    if (!body || !safeEqual(mac, hmac(this.key, body))) throw new AppError(RCODE.REPORT_LINK_INVALID);
    const ticket = this.parse(body);
    if (!ticket || ticket.expires <= this.clock()) throw new AppError(RCODE.REPORT_LINK_INVALID);
    return ticket;
  }

  /** The signed body read back; only what sign() writes passes, so nothing else reaches the services. */
  private parse(body: string): ReportTicket<K> | null {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (value === null || typeof value !== 'object') return null;
    const t = value as Record<string, unknown>;
    const ok =
      Number.isInteger(t['session']) &&
      Number.isInteger(t['user']) &&
      this.kinds.includes(t['kind'] as K) &&
      REPORT_FORMATS.includes(t['format'] as ReportFormat) &&
      LOCALES.includes(t['locale'] as Locale) &&
      typeof t['expires'] === 'number' &&
      t['condition'] !== null &&
      typeof t['condition'] === 'object';
    return ok ? (t as unknown as ReportTicket<K>) : null;
  }
}
