import { DatePicker } from 'antd-mobile';
import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayDate, dayText } from '../utils/store-form-values';

const MIN = new Date(2000, 0, 1);
const MAX = new Date(2099, 11, 31);

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
      <DatePicker
        title={title}
        visible={open}
        precision="day"
        min={MIN}
        max={MAX}
        value={dayDate(value) ?? null}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(dayText(date))}
      />
    </div>
  );
}
