import { useTranslation } from 'react-i18next';
import { CheckIcon } from './tile-icons';

/**
 * Abnormal orders, the bank-card tip and device counts arrive with orders, bank cards and machines; until
 * those exist there is truly nothing to report, and the card says that.
 */
export function AlertsCard() {
  const { t } = useTranslation('home');
  return (
    <section className="card" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="card-title">
        {t('alerts.title')}
      </h2>
      <p className="alerts-none">
        <CheckIcon />
        <span>{t('alerts.none')}</span>
      </p>
    </section>
  );
}
