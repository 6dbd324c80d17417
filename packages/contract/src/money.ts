import type { Locale } from './locales';

/*
 * Money is integer cents and rates are integer hundredths of a percent (spec §3). Conversions work on strings
 * and integers so that no float rounding error ever reaches an amount.
 */

/** Two-decimal text of an integer number of hundredths: 1230 → '12.30', -5 → '-0.05'. */
function hundredthsToText(value: number): string {
  const n = Math.round(value);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1230 → '12.30'. */
export function centsToYuan(cents: number): string {
  return hundredthsToText(cents);
}

const YUAN = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * '12.3' → 1230. Strict: digits with at most 2 decimals, an optional leading minus, surrounding spaces ignored.
 * Anything else ('1.005', '1..2', '1e3', '', '.5', '5.') gives null.
 */
export function yuanToCents(input: string): number | null {
  const m = YUAN.exec(input.trim());
  if (!m) return null;
  const [, sign, whole = '', fraction = ''] = m;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Each language's thousands separator, as Intl groups whole numbers in it (money.test.ts holds them to Intl's).
 * Grouped on the digits here: a first Intl number formatter costs a phone tens of milliseconds (ICU's data), paid
 * on home's first screen. A language added to Locale must say its separator.
 */
const THOUSANDS: Readonly<Record<Locale, string>> = { 'zh-CN': ',', 'zh-TW': ',', 'en-US': ',' };

/** '¥1,234.50' with the locale's digit grouping; negative as '-¥12.30'. */
export function formatMoney(cents: number, locale: Locale): string {
  const text = hundredthsToText(cents);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS[locale]);
  return `${negative ? '-' : ''}¥${grouped}.${fraction}`;
}

/** 1234 → '12.34%'. */
export function formatRate(hundredths: number): string {
  return `${hundredthsToText(hundredths)}%`;
}

/** part/total as hundredths of a percent, rounded; 0 when total is 0. */
export function rate(part: number, total: number): number {
  if (total === 0) return 0;
  return Math.round((part * 10_000) / total);
}

/** Fee shown on a payout record: settle_amt/0.994 − settle_amt, i.e. settle_amt × 6/994, in cents. */
export function settlementPoundage(settleAmtCents: number): number {
  return Math.round((settleAmtCents * 6) / 994);
}

/** Fee for paying out a device without a bank card: 6 % of the amount, at least 1 yuan; nothing on nothing. */
export function manualTransferFee(amountCents: number): number {
  if (amountCents <= 0) return 0;
  return Math.max(Math.round((amountCents * 6) / 100), 100);
}
