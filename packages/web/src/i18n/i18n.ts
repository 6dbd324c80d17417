import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE_MAX_AGE_DAYS } from '@vendo/contract/constants';
import { DEFAULT_LOCALE, isLocale, LOCALES, matchLocale, type Locale } from '@vendo/contract/locales';
import { readCookie, writeCookie } from '../lib/cookies';
import { eagerNamespaces, lazyNamespaces, type AllNamespaces } from './namespaces';

export const LANG_COOKIE = 'lang';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};

/**
 * The language a visit starts in: the one chosen earlier (cookie), else the first browser language we speak,
 * else zh-CN (spec §1).
 */
export function detectLocale(cookie: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookie)) return cookie;
  const spoken = browserLanguages.find((tag) => /^(zh|en)\b/i.test(tag));
  return spoken ? matchLocale(spoken) : DEFAULT_LOCALE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function isLazyNamespace(name: string): name is keyof typeof lazyNamespaces {
  return Object.hasOwn(lazyNamespaces, name);
}

/** Fetches a namespace nobody registered yet; every language arrives at once, so switching never waits. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLazyNamespace(namespace) || !isLocale(language)) {
      callback(null, {});
      return;
    }
    lazyNamespaces[namespace]()
      .then((module) => {
        registerNamespace(namespace, module.default);
        callback(null, module.default[language]);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        { common: eagerNamespaces.common[locale], routes: eagerNamespaces.routes[locale] },
      ]),
    ),
    partialBundledLanguages: true,
    lng: detectLocale(readCookie(LANG_COOKIE), browserLanguages()),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    defaultNS: 'common',
    ns: ['common', 'routes'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Adds a namespace in all three languages; screen modules call it when they load, before they render. */
export function registerNamespace<N extends keyof AllNamespaces>(name: N, namespace: AllNamespaces[N]): void {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, name)) i18n.addResourceBundle(locale, name, namespace[locale]);
  }
}

function syncDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the language and remembers it for a year (spec §9). */
export async function setLocale(locale: Locale): Promise<void> {
  writeCookie(LANG_COOKIE, locale, COOKIE_MAX_AGE_DAYS);
  await i18n.changeLanguage(locale);
}
