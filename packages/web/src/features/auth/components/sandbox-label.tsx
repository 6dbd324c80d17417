import { useTranslation } from 'react-i18next';
import { currentAgent } from '../../../lib/agent';
import { useAppConfig } from '../../../lib/app-config';

/** The sandbox SMS provider sends nothing for real; the screens say so where the code is typed (DESIGN). */
export function SandboxLabel() {
  const { t } = useTranslation('auth');
  const { data } = useAppConfig(currentAgent());
  if (!data?.sandbox.sms) return null;
  return (
    <p className="sandbox-note">
      <span className="sandbox-tag">{t('sandbox')}</span> {t('sandboxSms')}
    </p>
  );
}
