import { UNBOUND_WARNING_REPEATS } from '@vendo/contract/constants';
import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The warning about devices without a payout merchant (spec §9): its button counts down 5 seconds before it can
 * be closed, so the fee is read, not tapped away.
 */
export function UnboundDialog() {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(true);
  const [left, setLeft] = useState<number>(UNBOUND_WARNING_REPEATS);

  useEffect(() => {
    if (!open || left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [open, left]);

  return (
    <Dialog
      visible={open}
      title={t('unbound.title')}
      content={<p className="dv-dialog-text">{t('unbound.text')}</p>}
      actions={[
        {
          key: 'ok',
          text: left > 0 ? t('unbound.wait', { seconds: left }) : t('unbound.ok'),
          disabled: left > 0,
          bold: true,
        },
      ]}
      onAction={() => setOpen(false)}
    />
  );
}
