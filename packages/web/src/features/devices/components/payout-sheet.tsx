import type { Device } from '@vendo/contract/api/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useMerchantOptions } from '../api/get-merchant-options';
import { useSetPayoutCard } from '../api/set-payout-card';
import './sheet-texts';

/**
 * A machine's payout card (spec §3 device merchant_id): one of the approved cards, or none (manual transfer,
 * with its fee). For the main account and staff with bank cards (1029).
 */
function Payout({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('deviceSheets');
  const options = useMerchantOptions();
  const save = useSetPayoutCard();
  const [picked, setPicked] = useState<string | null>(device.merchant_id);
  const [message, setMessage] = useState<string | null>(null);
  const name = device.title || t('notSet');
  const cards = options.data ?? [];

  const submit = async () => {
    setMessage(null);
    try {
      await save.mutateAsync({ sn: device.sn, merchantId: picked });
      toast(picked ? t('payout.saved') : t('payout.cleared'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  const choice = (id: string | null, label: string) => (
    <li key={id ?? 'none'}>
      <button
        type="button"
        className="chip dv-chip"
        aria-pressed={picked === id}
        onClick={() => setPicked(id)}
      >
        {label}
      </button>
    </li>
  );

  return (
    <SheetFrame
      title={t('payout.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <p className="dv-note">{t('payout.text', { name })}</p>
      {options.isSuccess && cards.length === 0 ? <p className="dv-note">{t('payout.none')}</p> : null}
      <ul className="dv-more-list dv-payout-list" aria-label={t('payout.title')}>
        {cards.map((c) => choice(c.id, c.label))}
        {choice(null, t('payout.clear'))}
      </ul>
    </SheetFrame>
  );
}

export const PayoutSheet = inSheet(Payout);
