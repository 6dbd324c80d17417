import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';
import { dayDate, dayText } from './day-text';
import '../region-field/region-field.css';

const DayPicker = lazyComponent(() => import('./day-picker').then((m) => m.DayPicker));

const FIRST_DAY = new Date(2000, 0, 1);
const LAST_DAY = new Date(2099, 11, 31);

/** The words of a date field, from the screen that uses it. */
export interface DateFieldTexts {
  placeholder: string;
  clear: string;
}

/** A calendar day as 'YYYY-MM-DD', or '' for not set; the wheel offers min..max (2000 to 2099 unless told). */
export function DateField({
  id,
  title,
  value,
  onChange,
  ariaProps,
  texts,
  min = FIRST_DAY,
  max = LAST_DAY,
}: {
  id: string;
  title: string;
  value: string;
  onChange: (value: string) => void;
  ariaProps: Record<string, unknown>;
  texts: DateFieldTexts;
  min?: Date;
  max?: Date;
}) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <div className="region-field">
      <button type="button" id={id} className="picker-trigger" onClick={() => setOpen(true)} {...ariaProps}>
        {value ? <span>{value}</span> : <span className="picker-placeholder">{texts.placeholder}</span>}
        <RightOutline aria-hidden="true" />
      </button>
      {value ? (
        <button type="button" className="field-clear" aria-label={texts.clear} onClick={() => onChange('')}>
          <CloseCircleFill aria-hidden="true" />
        </button>
      ) : null}
      {opened ? (
        <DayPicker
          title={title}
          visible={open}
          value={dayDate(value) ?? null}
          min={min}
          max={max}
          onClose={() => setOpen(false)}
          onConfirm={(date) => onChange(dayText(date))}
        />
      ) : null}
    </div>
  );
}
