/** The three languages of the product (spec §9). zh-CN is the fallback everywhere. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A text in every language; catalogues are typed with it so a missing translation fails typecheck. */
export type LocaleText = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the product locale for a browser or header language tag: zh-TW/zh-HK/zh-Hant → zh-TW,
 * other zh → zh-CN, en → en-US, anything else → the fallback.
 */
export function matchLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const first = tag.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh')) {
    return /^zh-(tw|hk|mo|hant)/.test(first) ? 'zh-TW' : 'zh-CN';
  }
  if (first.startsWith('en')) return 'en-US';
  return DEFAULT_LOCALE;
}

/** Replaces {name} placeholders in a catalogue text. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
