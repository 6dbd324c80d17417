import type { BankCard } from '@vendo/contract/api/bank-cards';
import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useBindDevices } from '../api/bind-devices';
import { useAllDevices } from '../api/get-all-devices';

/**
 * Binding machines to an approved card (spec §3 device merchant_id): every machine of the merchant, the ones
 * already on this card shown as such; the picked ones get this card as their payout account.
 */
function Bind({ card, onClose }: { card: BankCard; onClose: () => void }) {
  const { t } = useTranslation('bankCards');
  const devices = useAllDevices(true);
  const bind = useBindDevices();
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const list = devices.data?.data ?? [];
  const approved = card.review_state === 'approved';

  const submit = async () => {
    if (picked.length === 0) {
      setMessage(t('bindSheet.pickSome'));
      return;
    }
    setMessage(null);
    try {
      const { bound } = await bind.mutateAsync({ merchant_id: card.merchant_id, sns: picked });
      toast(t('bindSheet.done', { count: bound }), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetFrame
      tall
      title={t('bindSheet.title')}
      onClose={onClose}
      onSubmit={approved ? () => void submit() : undefined}
      submitText={t('bindSheet.submit', { count: picked.length })}
      submitting={bind.isPending}
      message={message}
      bodyClassName="bc-sheet-pad"
    >
      <p className="bc-note">
        {approved ? t('bindSheet.text', { card: card.acct_no }) : t('bindSheet.onlyApproved')}
      </p>
      {devices.isSuccess && list.length === 0 ? <p className="muted">{t('bindSheet.none')}</p> : null}
      <Checkbox.Group value={picked} onChange={(v) => setPicked(v.map(String))}>
        <ul className="bc-bind-list">
          {list.map((d) => {
            const here = d.merchant_id === card.merchant_id;
            const state = here
              ? t('bindSheet.boundHere')
              : d.merchant_detail
                ? t('bindSheet.boundOther', { card: d.merchant_detail.acct_no_encry })
                : t('bindSheet.notBound');
            return (
              <li key={d.sn}>
                <Checkbox value={d.sn} disabled={here || !approved}>
                  <span className="bc-bind-name">{d.title || d.sn}</span>
                  <span className="muted">
                    {d.sn} · {state}
                  </span>
                </Checkbox>
              </li>
            );
          })}
        </ul>
      </Checkbox.Group>
    </SheetFrame>
  );
}

export const BindSheet = inSheet(Bind);
