import type { ReactNode } from 'react';
import { useState } from 'react';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { currentAgent } from '../../lib/agent';
import { useAppConfig } from '../../lib/app-config';
import { isInAppBrowser } from '../../lib/browser';
import { FullMessage } from '../routes/full-message';
import { LoadingScreen } from './loading-screen';

/**
 * Outside the WeChat or Alipay browser the product shows only a request to open it there (spec §1), when the
 * server's configuration turns the gate on (production; the demo turns it off).
 */
export function BrowserGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [agent] = useState(() => currentAgent());
  const [inApp] = useState(() => isInAppBrowser(navigator.userAgent));
  const config = useAppConfig(agent);

  // The app renders while the configuration loads, under the start-up screen, so the first screen paints
  // without waiting for a round trip; outside the in-app browsers the start-up screen stays until the gate is known.
  const loading = <LoadingScreen hold={!inApp && config.isPending} />;
  if (!inApp && config.data?.browserGate) {
    return (
      <>
        {loading}
        <main className="app-shell">
          <FullMessage icon={<LockOutline />} title={t('gate.title')} text={t('gate.text')} />
        </main>
      </>
    );
  }
  return (
    <>
      {loading}
      {children}
    </>
  );
}
