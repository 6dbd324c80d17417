import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';

// The dialog (and the overlay library under it) loads only when such devices are listed.
const UnboundDialog = lazyComponent(() => import('./unbound-dialog').then((m) => m.UnboundDialog));

/**
 * Devices without a payout merchant (spec §2, §9): an info tip above the list, and once per visit of the filter a
 * warning that can be closed only after its countdown.
 */
export function UnboundWarning({ count }: { count: number }) {
  const { t } = useTranslation('devices');
  return (
    <>
      <p className="dv-tip" role="note">
        <ExclamationCircleOutline aria-hidden="true" />
        <span>{t('unbound.tip', { count })}</span>
      </p>
      <UnboundDialog />
    </>
  );
}
