import { useTranslation } from 'react-i18next';

/** "Sandbox bank": shown wherever a payout of the sandbox bank is seen, so nobody mistakes it for real money. */
export function SandboxTag() {
  const { t } = useTranslation('funds');
  return <span className="sandbox-tag">{t('sandbox')}</span>;
}
