import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Locale } from '@vendo/contract/locales';
import { currentLocale, i18n } from '../i18n/i18n';
import { afterNextPaint } from '../lib/after-paint';
import { createQueryClient } from '../lib/query-client';
import { BrowserGate } from './layout/browser-gate';

type AntdLocale = NonNullable<Parameters<typeof ConfigProvider>[0]['locale']>;

/*
 * antd-mobile's own texts (picker buttons, dialog defaults) follow the chosen language. Its zh-CN texts are
 * built in; the other two load when chosen, since no first-screen widget shows them.
 */
const ANTD_LOCALES: Record<Exclude<Locale, 'zh-CN'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  'en-US': () => import('antd-mobile/es/locales/en-US'),
};

function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation();
  const locale = currentLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale; texts: AntdLocale } | null>(null);

  useEffect(() => {
    if (locale === 'zh-CN') return;
    let current = true;
    // After the first paint: no first-screen widget shows these texts.
    void afterNextPaint()
      .then(ANTD_LOCALES[locale])
      .then((module) => current && setLoaded({ locale, texts: module.default }));
    return () => {
      current = false;
    };
  }, [locale]);

  const texts = loaded?.locale === locale ? loaded.texts : undefined;
  // Always the same element, so a language switch never remounts the screens (typed values survive it).
  return <ConfigProvider {...(texts ? { locale: texts } : {})}>{children}</ConfigProvider>;
}

/** `queryClient`: the page's, when main.tsx has already started queries in it (app/route-prefetch.ts). */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AntdLocale>
          <BrowserGate>{children}</BrowserGate>
        </AntdLocale>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
