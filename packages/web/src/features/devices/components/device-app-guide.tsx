import { useTranslation } from 'react-i18next';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';

/** The guide for a missing or expired Device app (spec §4, §8): the screen exists, the module does not. */
export function DeviceAppGuide() {
  const { t } = useTranslation('devices');
  return (
    <ExpiredAppGuide
      description={t('appExpired')}
      onContact={() =>
        void loadDialogs().then(({ showTip }) => showTip(t('contactText'), { title: t('contactTitle') }))
      }
    />
  );
}
