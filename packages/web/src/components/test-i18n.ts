import i18next from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@vendo/contract/locales';
import components from '../i18n/resources/components';

/**
 * A synchronous i18next instance holding only the 'components' namespace, for component tests. It also becomes
 * react-i18next's global instance, which is what imperative helpers such as showTip read.
 */
export function initTestI18n(lng: Locale = 'en-US'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'zh-CN',
    ns: ['components'],
    defaultNS: 'components',
    resources: {
      'zh-CN': { components: components['zh-CN'] },
      'zh-TW': { components: components['zh-TW'] },
      'en-US': { components: components['en-US'] },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
