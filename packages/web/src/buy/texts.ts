import { isLocale, matchLocale, type Locale } from '@vendo/contract/locales';
import buy from '../i18n/resources/buy';
import { readCookie } from '../lib/cookies';

/**
 * The language of the customer's pages: the one chosen in the console on this phone (the `lang` cookie), else the
 * browser's first language we speak, else zh-CN — the console's rule (i18n/i18n.ts) without i18next.
 */
export function pageLocale(cookie: string | null, languages: readonly string[]): Locale {
  return isLocale(cookie) ? cookie : matchLocale(languages.find((tag) => /^(zh|en)\b/i.test(tag)));
}

export const locale: Locale = pageLocale(
  readCookie('lang'),
  navigator.languages?.length ? navigator.languages : [navigator.language],
);

/** The texts of the customer's pages in the page's language. */
export const T = buy[locale];
