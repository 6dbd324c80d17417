import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Locale } from '@vendo/contract/locales';
import { currentLocale, i18n } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { BrowserGate } from './layout/browser-gate';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS } satisfies Record<Locale, unknown>;

/** antd-mobile's own texts (picker buttons, dialog defaults) follow the chosen language. */
function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation();
  return <ConfigProvider locale={ANTD_LOCALES[currentLocale()]}>{children}</ConfigProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
