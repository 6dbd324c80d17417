import { useState } from 'react';
import type { CSSProperties } from 'react';
import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_MS } from '@vendo/contract/constants';
import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';
import { Tabs } from '../tabs/tabs';
import { toast } from '../../lib/notify';
import {
  customDayBounds,
  customRange,
  dayOf,
  dayToPickerDate,
  DEFAULT_TIME_ZONE,
  initialRange,
  isPeriod,
  pickerDateToDay,
  rangeLabel,
  shiftRange,
  validateRange,
} from './time-range';
import './time-range-picker.css';
import type { Period, TimeRange, TimeRangeError, TimeRangeMode, TimeRangeResult } from './time-range';

export interface TimeRangePickerProps {
  value: TimeRange;
  onChange: (value: TimeRange) => void;
  /** Tabs offered, in order. The dashboard passes ['day', 'week', 'month', 'none']. */
  modes?: readonly TimeRangeMode[];
  /** The merchant's zone: "today", weeks (from Monday) and months are cut there. */
  timeZone?: string;
  /** Clock, replaceable in tests. */
  now?: () => number;
  className?: string;
  style?: CSSProperties;
}

export const DEFAULT_TIME_RANGE_MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'custom'];

const modeLabelKey = {
  day: 'today',
  week: 'thisWeek',
  month: 'thisMonth',
  custom: 'custom',
  none: 'allTime',
} as const satisfies Record<TimeRangeMode, string>;

const arrowLabelKey = {
  day: ['prevDay', 'nextDay'],
  week: ['prevWeek', 'nextWeek'],
  month: ['prevMonth', 'nextMonth'],
} as const satisfies Record<Period, readonly [string, string]>;

const rowStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '8px 12px',
};

const labelStyle: CSSProperties = {
  flex: 1,
  textAlign: 'center',
  fontSize: 15,
  fontVariantNumeric: 'tabular-nums',
};

// 44 px: the arrows are the most tapped control of the dashboard and sit at the screen edge.
const arrowStyle: CSSProperties = { width: 44, height: 44, padding: 0 };

const dateFieldStyle: CSSProperties = { flex: 1, minWidth: 0 };
// The label above the day, and the day in one piece: side by side, 'Start date 2026-11-28' broke at a hyphen of
// the day ('2026-' over '11-28') in every language at 375 px.
const dateLabelStyle: CSSProperties = { display: 'block', fontSize: 12, color: 'var(--adm-color-weak)' };
const dateValueStyle: CSSProperties = { whiteSpace: 'nowrap' };

type Editing = 'start' | 'end' | null;

const RangeDayPicker = lazyComponent(() => import('./range-day-picker').then((m) => m.RangeDayPicker));

/** Today / this week / this month with arrows, and custom start/end days (spec §2). */
export function TimeRangePicker({
  value,
  onChange,
  modes = DEFAULT_TIME_RANGE_MODES,
  timeZone = DEFAULT_TIME_ZONE,
  now = Date.now,
  className,
  style,
}: TimeRangePickerProps) {
  const { t } = useTranslation('components');
  const [editing, setEditing] = useState<Editing>(null);
  const pickerOpened = useOpenedOnce(editing !== null);

  const refuse = (error: TimeRangeError) => {
    toast(t(error), { duration: TOAST_DEFAULT_MS });
  };
  const apply = (result: TimeRangeResult) => {
    if (result.ok) onChange(result.range);
    else refuse(result.error);
  };

  const selectMode = (key: string) => {
    const mode = modes.find((m) => m === key);
    if (!mode || mode === value.mode) return;
    const at = now();
    if (mode === 'custom' && value.mode !== 'none') {
      // Switching to custom keeps the period being looked at, so the user adjusts it instead of starting over.
      const kept = validateRange({ mode, start: value.start, end: value.end }, at);
      onChange(kept.ok ? kept.range : initialRange(mode, at, timeZone));
      return;
    }
    onChange(initialRange(mode, at, timeZone));
  };

  const startDay = dayOf(value.start, timeZone);
  const endDay = dayOf(value.end, timeZone);
  const bounds = editing ? customDayBounds(value, now(), timeZone) : null;

  const confirmDay = (picked: Date) => {
    const day = pickerDateToDay(picked);
    const at = now();
    apply(
      editing === 'start' ? customRange(day, endDay, at, timeZone) : customRange(startDay, day, at, timeZone),
    );
  };

  return (
    <div className={className} style={style} role="group" aria-label={t('timeRange')}>
      <Tabs
        className="time-range-tabs"
        tabs={modes.map((mode) => ({ key: mode, title: t(modeLabelKey[mode]) }))}
        activeKey={value.mode}
        onChange={selectMode}
      />

      {isPeriod(value.mode) ? (
        <div style={rowStyle}>
          <Button
            fill="none"
            style={arrowStyle}
            aria-label={t(arrowLabelKey[value.mode][0])}
            onClick={() => apply(shiftRange(value, -1, now(), timeZone))}
          >
            <LeftOutline fontSize={18} />
          </Button>
          <span style={labelStyle} aria-live="polite">
            {rangeLabel(value, timeZone)}
          </span>
          <Button
            fill="none"
            style={arrowStyle}
            aria-label={t(arrowLabelKey[value.mode][1])}
            onClick={() => apply(shiftRange(value, 1, now(), timeZone))}
          >
            <RightOutline fontSize={18} />
          </Button>
        </div>
      ) : null}

      {value.mode === 'custom' ? (
        <div style={rowStyle}>
          <Button size="small" style={dateFieldStyle} onClick={() => setEditing('start')}>
            <span style={dateLabelStyle}>{t('startDate')} </span>
            <span style={dateValueStyle}>{startDay}</span>
          </Button>
          <span aria-hidden="true">~</span>
          <Button size="small" style={dateFieldStyle} onClick={() => setEditing('end')}>
            <span style={dateLabelStyle}>{t('endDate')} </span>
            <span style={dateValueStyle}>{endDay}</span>
          </Button>
        </div>
      ) : null}

      {pickerOpened ? (
        <RangeDayPicker
          visible={editing !== null}
          precision="day"
          title={editing === 'end' ? t('endDate') : t('startDate')}
          confirmText={t('confirm')}
          cancelText={t('cancel')}
          value={dayToPickerDate(editing === 'end' ? endDay : startDay)}
          min={bounds ? dayToPickerDate(editing === 'end' ? bounds.endMin : bounds.startMin) : undefined}
          max={bounds ? dayToPickerDate(editing === 'end' ? bounds.endMax : bounds.startMax) : undefined}
          onConfirm={confirmDay}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
