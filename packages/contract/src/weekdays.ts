import { z } from 'zod';
import type { Locale, LocaleText } from './locales';

/*
 * Weekdays as coupons and gift vouchers name them: 1 Monday .. 7 Sunday (spec §9: the week starts on Monday), in the
 * merchant's time zone. Stored as text ('1,2,7'); sent as a list.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const WEEKDAY_LABELS: Record<number, LocaleText> = {
  1: { 'zh-CN': '周一', 'zh-TW': '週一', 'en-US': 'Mon' },
  2: { 'zh-CN': '周二', 'zh-TW': '週二', 'en-US': 'Tue' },
  3: { 'zh-CN': '周三', 'zh-TW': '週三', 'en-US': 'Wed' },
  4: { 'zh-CN': '周四', 'zh-TW': '週四', 'en-US': 'Thu' },
  5: { 'zh-CN': '周五', 'zh-TW': '週五', 'en-US': 'Fri' },
  6: { 'zh-CN': '周六', 'zh-TW': '週六', 'en-US': 'Sat' },
  7: { 'zh-CN': '周日', 'zh-TW': '週日', 'en-US': 'Sun' },
};

const EVERY_DAY: LocaleText = { 'zh-CN': '每天', 'zh-TW': '每天', 'en-US': 'Every day' };

/** 'Mon, Wed' / '周一、周三' in a language; all seven read 'Every day' / '每天' (the list would wrap on a phone). */
export function weekdaysText(days: readonly number[], locale: Locale): string {
  if (WEEKDAYS.every((d) => days.includes(d))) return EVERY_DAY[locale];
  const sep = locale === 'en-US' ? ', ' : '、';
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => WEEKDAY_LABELS[d]?.[locale] ?? String(d))
    .join(sep);
}

/** The weekday (1 Monday .. 7 Sunday) of a calendar day 'YYYY-MM-DD'. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** A request's weekdays: each 1..7, kept once each, in order; an empty list is the rules' to refuse. */
export const zWeekdays = z
  .array(z.number().int().min(1, { error: 'invalidValue' }).max(7, { error: 'invalidValue' }), {
    error: 'required',
  })
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** The stored text of weekdays ('1,2,7'). */
export function weekdaysToText(days: readonly number[]): string {
  return days.join(',');
}

/** Weekdays from their stored text; anything outside 1..7 is dropped. */
export function weekdaysFromText(stored: string): number[] {
  return stored
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
}
