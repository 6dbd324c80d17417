import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { dayDate, dayText } from '../utils/store-form-values';

const DayPicker = lazyComponent(() => import('./day-picker').then((m) => m.DayPicker));

/** A calendar day as 'YYYY-MM-DD', or '' for not set. */
export function DateField({
  id,
  title,
  value,
  onChange,
  ariaProps,
}: {
  id: string;
  title: string;
  value: string;
  onChange: (value: string) => void;
  ariaProps: Record<string, unknown>;
}) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <div className="region-field">
      <button type="button" id={id} className="picker-trigger" onClick={() => setOpen(true)} {...ariaProps}>
        {value ? <span>{value}</span> : <span className="picker-placeholder">{t('pickDate')}</span>}
        <RightOutline aria-hidden="true" />
      </button>
      {value ? (
        <button type="button" className="field-clear" aria-label={t('clear')} onClick={() => onChange('')}>
          <CloseCircleFill aria-hidden="true" />
        </button>
      ) : null}
      {opened ? (
        <DayPicker
          title={title}
          visible={open}
          value={dayDate(value) ?? null}
          onClose={() => setOpen(false)}
          onConfirm={(date) => onChange(dayText(date))}
        />
      ) : null}
    </div>
  );
}
