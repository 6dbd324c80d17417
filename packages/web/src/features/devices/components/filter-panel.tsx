import { TEXT_MAX } from '@vendo/contract/constants';
import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import type { AliveFilter, DeviceFilters } from '../utils/device-filters';
import { useMerchantOptions } from '../api/get-merchant-options';
import { merchantChips } from '../utils/merchant-options';

type PanelValues = Pick<DeviceFilters, 'title' | 'alive' | 'merchantId'>;

interface FilterPanelProps {
  visible: boolean;
  value: PanelValues;
  onClose: () => void;
  onApply: (values: PanelValues) => void;
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className="chip dv-chip" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

function PanelBody({ value, onClose, onApply }: Omit<FilterPanelProps, 'visible'>) {
  const { t } = useTranslation('devices');
  const [draft, setDraft] = useState<PanelValues>(value);
  const [showMore, setShowMore] = useState(false);
  // The payout cards (approved, masked): the first 3 as chips, the rest behind "more", and "not set" (spec §2).
  const merchants = useMerchantOptions();
  const { chips, more } = merchantChips(merchants.data ?? [], draft.merchantId);
  const setAlive = (alive: AliveFilter | null) => setDraft((d) => ({ ...d, alive }));
  const setMerchant = (merchantId: string | null) => setDraft((d) => ({ ...d, merchantId }));

  return (
    <SheetFrame
      title={t('filter.title')}
      onClose={onClose}
      onSubmit={() => {
        onApply({ ...draft, title: draft.title.trim() });
        onClose();
      }}
      footer={
        <div className="dv-footer-buttons">
          <Button
            fill="outline"
            size="large"
            onClick={() => setDraft({ title: '', alive: null, merchantId: null })}
          >
            {t('filter.reset')}
          </Button>
          <Button type="submit" color="primary" size="large">
            {t('filter.apply')}
          </Button>
        </div>
      }
    >
      <List mode="card" className="dv-form">
        <List.Item
          className="field"
          prefix={
            <label className="field-label" htmlFor="filter-title">
              {t('filter.name')}
            </label>
          }
          arrowIcon={false}
        >
          <Input
            id="filter-title"
            value={draft.title}
            onChange={(title) => setDraft((d) => ({ ...d, title }))}
            placeholder={t('filter.namePlaceholder')}
            maxLength={TEXT_MAX.name}
            clearable
          />
        </List.Item>
      </List>
      <fieldset className="dv-fieldset">
        <legend>{t('filter.status')}</legend>
        <div className="dv-chips">
          <Chip pressed={draft.alive === null} onClick={() => setAlive(null)}>
            {t('filter.all')}
          </Chip>
          <Chip pressed={draft.alive === 'online'} onClick={() => setAlive('online')}>
            {t('filter.online')}
          </Chip>
          <Chip pressed={draft.alive === 'offline'} onClick={() => setAlive('offline')}>
            {t('filter.offline')}
          </Chip>
        </div>
      </fieldset>
      <fieldset className="dv-fieldset">
        <legend>{t('filter.merchant')}</legend>
        <div className="dv-chips">
          <Chip pressed={draft.merchantId === null} onClick={() => setMerchant(null)}>
            {t('filter.all')}
          </Chip>
          {chips.map((m) => (
            <Chip key={m.id} pressed={draft.merchantId === m.id} onClick={() => setMerchant(m.id)}>
              {m.label}
            </Chip>
          ))}
          {more.length > 0 ? (
            <Chip pressed={showMore} onClick={() => setShowMore((s) => !s)}>
              {t('filter.more')}
            </Chip>
          ) : null}
          <Chip pressed={draft.merchantId === '0'} onClick={() => setMerchant('0')}>
            {t('filter.merchantNotSet')}
          </Chip>
        </div>
        {showMore ? (
          <ul className="dv-more-list">
            {more.map((m) => (
              <li key={m.id}>
                <Chip pressed={draft.merchantId === m.id} onClick={() => setMerchant(m.id)}>
                  {m.label}
                </Chip>
              </li>
            ))}
          </ul>
        ) : null}
        {merchants.isSuccess && merchants.data.length === 0 ? (
          <p className="dv-note">{t('filter.merchantNone')}</p>
        ) : null}
      </fieldset>
    </SheetFrame>
  );
}

/** The filter panel of spec §2 /deviceManage: name, online/offline and payout merchant. */
export function FilterPanel({ visible, ...props }: FilterPanelProps) {
  return (
    <Sheet visible={visible} onClose={props.onClose} closeOnMaskClick>
      <PanelBody {...props} />
    </Sheet>
  );
}
