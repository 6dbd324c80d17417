import { describe, expect, it } from 'vitest';
import {
  customDayBounds,
  customRange,
  DATE_RANGE_MAX_BACK_MS,
  dayOf,
  dayStart,
  dayToPickerDate,
  initialRange,
  periodRange,
  pickerDateToDay,
  rangeLabel,
  shiftRange,
  validateRange,
} from './time-range';
import type { TimeRange, TimeRangeResult } from './time-range';
import { earliestAllowedStart } from '@vendo/contract/constants';

const SH = 'Asia/Shanghai';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Sunday 2026-11-22 18:00 UTC is already Monday 2026-11-23 02:00 in Shanghai.
const SUNDAY_EVENING_UTC = Date.UTC(2026, 10, 22, 18, 0);
// Wednesday 2026-11-25 14:30 in Shanghai.
const NOW = Date.UTC(2026, 10, 25, 6, 30);

function range(result: TimeRangeResult): TimeRange {
  if (!result.ok) throw new Error(`expected a range, got ${result.error}`);
  return result.range;
}

describe('periods in the merchant time zone', () => {
  it('starts the week on Monday in Asia/Shanghai for a Sunday-evening UTC instant', () => {
    const week = periodRange('week', SUNDAY_EVENING_UTC, SUNDAY_EVENING_UTC, SH);
    expect(week.start).toBe(Date.UTC(2026, 10, 22, 16, 0)); // Monday 23rd, 00:00 +08:00
    expect(dayOf(week.start, SH)).toBe('2026-11-23');
    expect(week.end).toBe(SUNDAY_EVENING_UTC); // clamped to now
  });

  it('gives the whole period when it is over and clamps the current one to now', () => {
    const lastWeek = periodRange('week', NOW - 7 * DAY, NOW, SH);
    expect(dayOf(lastWeek.start, SH)).toBe('2026-11-16');
    expect(lastWeek.end).toBe(Date.UTC(2026, 10, 22, 16, 0) - 1);
    const today = initialRange('day', NOW, SH);
    expect(today).toEqual({ mode: 'day', start: Date.UTC(2026, 10, 24, 16, 0), end: NOW });
    const month = initialRange('month', NOW, SH);
    expect(month).toEqual({ mode: 'month', start: Date.UTC(2026, 9, 31, 16, 0), end: NOW });
  });

  it("starts 'none' at the widest allowed window and 'custom' at today", () => {
    expect(initialRange('none', NOW, SH)).toEqual({
      mode: 'none',
      start: NOW - DATE_RANGE_MAX_BACK_MS,
      end: NOW,
    });
    expect(initialRange('custom', NOW, SH)).toEqual({
      mode: 'custom',
      start: dayStart('2026-11-25', SH),
      end: NOW,
    });
  });
});

describe('arrows', () => {
  it('refuses "next" on today, this week and this month', () => {
    expect(shiftRange(initialRange('day', NOW, SH), 1, NOW, SH)).toEqual({ ok: false, error: 'noNextDay' });
    expect(shiftRange(initialRange('week', NOW, SH), 1, NOW, SH)).toEqual({ ok: false, error: 'noNextWeek' });
    expect(shiftRange(initialRange('month', NOW, SH), 1, NOW, SH)).toEqual({
      ok: false,
      error: 'noNextMonth',
    });
  });

  it('refuses "next" at the last ms of the day and allows it from the first ms of the next', () => {
    const tomorrow = dayStart('2026-11-26', SH);
    const today = initialRange('day', tomorrow - 1, SH);
    expect(shiftRange(today, 1, tomorrow - 1, SH)).toEqual({ ok: false, error: 'noNextDay' });
    expect(range(shiftRange(today, 1, tomorrow, SH))).toEqual({
      mode: 'day',
      start: tomorrow,
      end: tomorrow,
    });
  });

  it('steps back and forth by the unit, the current period ending at now', () => {
    const yesterday = range(shiftRange(initialRange('day', NOW, SH), -1, NOW, SH));
    expect(yesterday).toEqual({
      mode: 'day',
      start: dayStart('2026-11-24', SH),
      end: dayStart('2026-11-25', SH) - 1,
    });
    expect(range(shiftRange(yesterday, 1, NOW, SH))).toEqual(initialRange('day', NOW, SH));

    const lastWeek = range(shiftRange(initialRange('week', NOW, SH), -1, NOW, SH));
    expect(dayOf(lastWeek.start, SH)).toBe('2026-11-16');
    expect(dayOf(lastWeek.end, SH)).toBe('2026-11-22');

    let month = initialRange('month', NOW, SH);
    for (let i = 0; i < 11; i++) month = range(shiftRange(month, -1, NOW, SH));
    expect(dayOf(month.start, SH)).toBe('2025-12-01');
    expect(dayOf(month.end, SH)).toBe('2025-12-31');
    expect(range(shiftRange(month, 1, NOW, SH)).start).toBe(dayStart('2026-01-01', SH));
  });

  it('leaves custom and none ranges alone', () => {
    const custom: TimeRange = { mode: 'custom', start: NOW - DAY, end: NOW };
    expect(shiftRange(custom, 1, NOW, SH)).toEqual({ ok: true, range: custom });
  });
});

describe('limits', () => {
  it('allows the start exactly 80352000000 ms before now and refuses 1 ms earlier', () => {
    expect(DATE_RANGE_MAX_BACK_MS).toBe(80_352_000_000);
    const ok = { mode: 'custom', start: NOW - DATE_RANGE_MAX_BACK_MS, end: NOW } as const;
    expect(validateRange(ok, NOW)).toEqual({ ok: true, range: ok });
    expect(validateRange({ ...ok, start: ok.start - 1 }, NOW)).toEqual({
      ok: false,
      error: 'rangeStartTooEarly',
    });
  });

  it('measures the limit from the end when the end is earlier than now', () => {
    const end = NOW - 10 * DAY;
    const ok = { mode: 'custom', start: end - DATE_RANGE_MAX_BACK_MS, end } as const;
    expect(validateRange(ok, NOW).ok).toBe(true);
    expect(validateRange({ ...ok, start: ok.start - 1 }, NOW)).toEqual({
      ok: false,
      error: 'rangeStartTooEarly',
    });
  });

  it('allows the end at now, refuses it 1 ms later and before the start', () => {
    expect(validateRange({ mode: 'custom', start: NOW - DAY, end: NOW }, NOW).ok).toBe(true);
    expect(validateRange({ mode: 'custom', start: NOW - DAY, end: NOW + 1 }, NOW)).toEqual({
      ok: false,
      error: 'rangeEndAfterNow',
    });
    expect(validateRange({ mode: 'custom', start: NOW - DAY, end: NOW - DAY - 1 }, NOW)).toEqual({
      ok: false,
      error: 'rangeEndBeforeStart',
    });
  });
});

describe('custom days', () => {
  it('ends a range that ends today at now and a past one at the last ms of its day', () => {
    expect(range(customRange('2026-11-20', '2026-11-25', NOW, SH))).toEqual({
      mode: 'custom',
      start: dayStart('2026-11-20', SH),
      end: NOW,
    });
    expect(range(customRange('2026-11-20', '2026-11-21', NOW, SH)).end).toBe(dayStart('2026-11-22', SH) - 1);
    expect(range(customRange('2026-11-25', '2026-11-25', NOW, SH)).start).toBe(dayStart('2026-11-25', SH));
  });

  it('refuses an end day after today and an end day before the start day', () => {
    expect(customRange('2026-11-20', '2026-11-26', NOW, SH)).toEqual({
      ok: false,
      error: 'rangeEndAfterNow',
    });
    expect(customRange('2026-11-21', '2026-11-20', NOW, SH)).toEqual({
      ok: false,
      error: 'rangeEndBeforeStart',
    });
  });

  it('refuses a start day beyond the limit', () => {
    const bounds = customDayBounds({ mode: 'custom', start: NOW - DAY, end: NOW }, NOW, SH);
    expect(customRange(bounds.startMin, '2026-11-25', NOW, SH).ok).toBe(true);
    const dayBefore = dayOf(dayStart(bounds.startMin, SH) - 1, SH);
    expect(customRange(dayBefore, '2026-11-25', NOW, SH)).toEqual({ ok: false, error: 'rangeStartTooEarly' });
  });

  it('offers start days back to the one range rule of the contract: 930 days, not "about 93"', () => {
    const today: TimeRange = { mode: 'custom', start: dayStart('2026-11-25', SH), end: NOW };
    expect(earliestAllowedStart(NOW, NOW)).toBe(NOW - 80_352_000_000);
    // 2024-05-09 14:30 in Shanghai is the limit, so the first whole day is the 10th.
    expect(customDayBounds(today, NOW, SH).startMin).toBe('2024-05-10');
    expect(range(customRange('2024-05-10', '2026-11-25', NOW, SH)).start).toBe(dayStart('2024-05-10', SH));
    expect(customRange('2024-05-09', '2026-11-25', NOW, SH)).toEqual({
      ok: false,
      error: 'rangeStartTooEarly',
    });
    // 94 days, beyond the old 93-day cap of the bill lists, is an ordinary custom range.
    expect(customRange('2026-08-23', '2026-11-25', NOW, SH).ok).toBe(true);
  });

  it('offers picker days that all pass the limits', () => {
    const current: TimeRange = {
      mode: 'custom',
      start: dayStart('2026-11-01', SH),
      end: dayStart('2026-11-11', SH) - 1,
    };
    const bounds = customDayBounds(current, NOW, SH);
    expect(dayStart(bounds.startMin, SH)).toBeGreaterThanOrEqual(earliestAllowedStart(current.end, NOW));
    expect(dayStart(bounds.startMin, SH) - DAY).toBeLessThan(earliestAllowedStart(current.end, NOW));
    expect(earliestAllowedStart(current.end, NOW)).toBe(current.end - DATE_RANGE_MAX_BACK_MS);
    expect(bounds).toMatchObject({ startMax: '2026-11-10', endMin: '2026-11-01', endMax: '2026-11-25' });
  });

  it('carries only the calendar day across the DatePicker boundary', () => {
    const date = dayToPickerDate('2026-02-28');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 1, 28]);
    expect(pickerDateToDay(date)).toBe('2026-02-28');
    expect(() => dayToPickerDate('28/02/2026')).toThrow(RangeError);
  });
});

describe('rangeLabel', () => {
  it('shows a day, a week, a month and a custom range', () => {
    expect(rangeLabel(initialRange('day', NOW, SH), SH)).toBe('2026-11-25');
    expect(rangeLabel(initialRange('week', NOW, SH), SH)).toBe('2026-11-23 ~ 2026-11-25');
    expect(rangeLabel(initialRange('month', NOW, SH), SH)).toBe('2026-11');
    expect(rangeLabel(range(customRange('2026-10-02', '2026-11-03', NOW, SH)), SH)).toBe(
      '2026-10-02 ~ 2026-11-03',
    );
  });
});
