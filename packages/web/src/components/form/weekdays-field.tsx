import { WEEKDAY_LABELS, WEEKDAYS } from '@vendo/contract/weekdays';
import { Selector } from 'antd-mobile';
import { currentLocale } from '../../i18n/i18n';
import { fieldAria } from './field';
import './choice-field.css';

interface WeekdaysFieldProps {
  /** The id the Field's label points at (its error is `${id}-error`). */
  id: string;
  label: string;
  error: string | undefined;
  /** 1 Monday .. 7 Sunday, in order. */
  value: readonly number[];
  onChange: (days: number[]) => void;
}

/** Any of the seven weekdays, as chips (coupons' and gift vouchers' valid weekdays). */
export function WeekdaysField({ id, label, error, value, onChange }: WeekdaysFieldProps) {
  const locale = currentLocale();
  return (
    <div id={id} role="group" aria-label={label} {...fieldAria(id, error)}>
      <Selector<string>
        className="choice-field"
        columns={4}
        multiple
        showCheckMark={false}
        options={WEEKDAYS.map((d) => ({ value: String(d), label: WEEKDAY_LABELS[d]![locale] }))}
        value={value.map(String)}
        onChange={(picked) => onChange(picked.map(Number).sort((a, b) => a - b))}
      />
    </div>
  );
}
