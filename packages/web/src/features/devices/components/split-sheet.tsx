import type { Device } from '@vendo/contract/api/devices';
import { formatSplitPercent } from '@vendo/contract/api/splits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSwitch } from '../../../components/card-switch/card-switch';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { registerNamespace } from '../../../i18n/i18n';
import feeSplitsTexts from '../../../i18n/resources/fee-splits';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useSetSplit, useSplitOptions } from '../api/set-split';
import '../../../styles/list-page.css';

registerNamespace('feeSplits', feeSplitsTexts);

/**
 * A machine's fee split (spec §3 is_bank_split, bank_split_id; /k/setSplit): on or off, and which configuration.
 * Turning it off keeps the configuration, so turning it on again picks the same one. For the main account and
 * staff with bank cards (1029).
 */
function Split({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('feeSplits');
  const options = useSplitOptions();
  const save = useSetSplit();
  const [on, setOn] = useState(device.is_bank_split === 1);
  const [picked, setPicked] = useState<string | null>(device.bank_split_id);
  const [message, setMessage] = useState<string | null>(null);
  const switchId = useId();
  const configs = options.data?.data ?? [];
  const name = device.title || device.sn;

  const submit = async () => {
    setMessage(null);
    try {
      await save.mutateAsync({ sn: device.sn, on, splitId: picked });
      toast(on ? t('device.savedOn') : t('device.savedOff'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetFrame
      title={t('device.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <p className="dv-note">{t('device.text', { name })}</p>
      <div style={{ padding: '4px 12px 0' }}>
        <CardSwitch id={switchId} label={t('device.switch')} checked={on} onChange={setOn} />
      </div>
      {options.isSuccess && configs.length === 0 ? (
        <p className="dv-note">
          {t('device.noConfigs')} <Link to="/feeSplitting">{t('device.goConfigs')}</Link>
        </p>
      ) : (
        <ul className="dv-more-list" aria-label={t('device.pick')}>
          {configs.map((c) => (
            <li key={c.bank_split_id}>
              <button
                type="button"
                className="chip dv-chip"
                aria-pressed={picked === c.bank_split_id}
                onClick={() => setPicked(c.bank_split_id)}
              >
                {c.bank_split_name} · {formatSplitPercent(c.main_split_percent)}%
                {c.split_merchant.map((s) => ` / ${formatSplitPercent(s.split_percent)}%`).join('')}
                {c.valid ? '' : t('device.invalid')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SheetFrame>
  );
}

export const SplitSheet = inSheet(Split);
