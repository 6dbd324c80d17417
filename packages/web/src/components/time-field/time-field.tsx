import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';
import '../region-field/region-field.css';

const TimeWheel = lazyComponent(() => import('./time-wheel').then((m) => m.TimeWheel));

/**
 * A time of day as 24-hour 'HH:mm' ('' for not set), picked on two wheels (hours 00–23, minutes 00–59): the same in
 * every language. The browser's own time input followed the phone's locale (12-hour with AM/PM in zh-TW), where
 * operators read machine schedules and quiet hours as 08:00 and 22:00. The wheel loads on first opening.
 */
export function TimeField({
  id,
  title,
  value,
  onChange,
  ariaProps,
}: {
  id: string;
  /** The wheel's title: the field's label. */
  title: string;
  value: string;
  onChange: (value: string) => void;
  ariaProps: Record<string, unknown>;
}) {
  const { t } = useTranslation('components');
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <div className="region-field">
      <button type="button" id={id} className="picker-trigger" onClick={() => setOpen(true)} {...ariaProps}>
        {value ? <span>{value}</span> : <span className="picker-placeholder">{t('pickTime')}</span>}
        <RightOutline aria-hidden="true" />
      </button>
      {opened ? (
        <TimeWheel
          title={title}
          visible={open}
          value={value}
          onClose={() => setOpen(false)}
          onConfirm={onChange}
        />
      ) : null}
    </div>
  );
}
