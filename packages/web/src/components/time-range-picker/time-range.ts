import {
  checkNextPeriod,
  checkTimeRange,
  DATE_RANGE_MAX_BACK_MS,
  DEFAULT_TIME_ZONE,
  earliestAllowedStart,
  nextPeriodStart,
  startOfPeriod,
  zonedDate,
  zonedDay,
  zonedMidnight,
} from '@vendo/contract/constants';
import type { Period } from '@vendo/contract/constants';
import type { ValidationKey } from '@vendo/contract/validation-messages';

/*
 * Rules of the time-range picker (spec §2). The limits themselves (earliestAllowedStart — the one range rule the
 * analytics calls and the bill lists check too —, checkTimeRange, checkNextPeriod) and the zone-aware calendar live
 * in the contract so the server validates ranges with the same code; this file only composes them for the picker.
 */

export type { Period };
/** 'none' is the dashboard's "no period" choice; 'custom' is a start and an end picked by date. */
export type TimeRangeMode = Period | 'custom' | 'none';

/** Instants are epoch ms; end is inclusive (the last ms of the period), never later than now. */
export interface TimeRange {
  mode: TimeRangeMode;
  start: number;
  end: number;
}

/** The keys the range rules can return; each names a text in the 'components' namespace. */
export const TIME_RANGE_ERRORS = [
  'rangeStartTooEarly',
  'rangeEndAfterNow',
  'rangeEndBeforeStart',
  'noNextDay',
  'noNextWeek',
  'noNextMonth',
] as const satisfies readonly ValidationKey[];

export type TimeRangeError = (typeof TIME_RANGE_ERRORS)[number];

export type TimeRangeResult = { ok: true; range: TimeRange } | { ok: false; error: TimeRangeError };

// The contract types its answers as any validation key; a key outside this set means the contract grew a rule
// the picker has no text for, which must fail loudly in tests rather than show a raw key to the user.
function isTimeRangeError(key: ValidationKey): key is TimeRangeError {
  const known: readonly ValidationKey[] = TIME_RANGE_ERRORS;
  return known.includes(key);
}

function rangeError(key: ValidationKey): TimeRangeError {
  if (isTimeRangeError(key)) return key;
  throw new Error(`time-range rule returned an unknown key: ${key}`);
}

export { DATE_RANGE_MAX_BACK_MS, DEFAULT_TIME_ZONE };

export function isPeriod(mode: TimeRangeMode): mode is Period {
  return mode === 'day' || mode === 'week' || mode === 'month';
}

/** The day, week (from Monday) or month holding `at`, its end clamped to now. */
export function periodRange(
  period: Period,
  at: number,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): TimeRange {
  return {
    mode: period,
    start: startOfPeriod(period, at, timeZone),
    end: Math.min(nextPeriodStart(period, at, timeZone) - 1, now),
  };
}

/**
 * The range a mode starts with: the current day/week/month; a custom range starts as today; 'none' spans the
 * widest window the limits allow, so a caller that must send bounds still sends valid ones.
 */
export function initialRange(mode: TimeRangeMode, now: number, timeZone = DEFAULT_TIME_ZONE): TimeRange {
  if (isPeriod(mode)) return periodRange(mode, now, now, timeZone);
  if (mode === 'custom') return { mode, start: startOfPeriod('day', now, timeZone), end: now };
  return { mode, start: now - DATE_RANGE_MAX_BACK_MS, end: now };
}

/**
 * The previous (-1) or next (+1) day/week/month. "Next" past the period holding now is refused with
 * noNextDay / noNextWeek / noNextMonth. Custom and 'none' ranges have no unit to step by and come back unchanged.
 */
export function shiftRange(
  range: TimeRange,
  step: -1 | 1,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): TimeRangeResult {
  const { mode } = range;
  if (!isPeriod(mode)) return { ok: true, range };
  if (step === 1) {
    const refused = checkNextPeriod(mode, range.start, now, timeZone);
    if (refused) return { ok: false, error: rangeError(refused) };
    return checked(periodRange(mode, nextPeriodStart(mode, range.start, timeZone), now, timeZone), now);
  }
  return checked(periodRange(mode, range.start - 1, now, timeZone), now);
}

/** A calendar day as 'YYYY-MM-DD' in the merchant's zone; the custom fields edit days, not instants. */
export type DayString = string;

export function dayOf(ms: number, timeZone = DEFAULT_TIME_ZONE): DayString {
  return zonedDay(ms, timeZone);
}

function parseDay(day: DayString): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** First instant of a day in the zone. */
export function dayStart(day: DayString, timeZone = DEFAULT_TIME_ZONE): number {
  const [y, m, d] = parseDay(day);
  return zonedMidnight(y, m, d, timeZone);
}

/**
 * A custom range from a start day and an end day: start at the start day's midnight, end at the end day's last
 * ms or now, whichever is earlier. An end day that has not begun yet is "after now".
 */
export function customRange(
  startDay: DayString,
  endDay: DayString,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): TimeRangeResult {
  const endDayStart = dayStart(endDay, timeZone);
  if (endDayStart > now) return { ok: false, error: 'rangeEndAfterNow' };
  const start = dayStart(startDay, timeZone);
  const end = Math.min(nextPeriodStart('day', endDayStart, timeZone) - 1, now);
  return checked({ mode: 'custom', start, end }, now);
}

/** Custom range from explicit instants, for callers restoring a range (e.g. from the URL). */
export function validateRange(range: TimeRange, now: number): TimeRangeResult {
  return checked(range, now);
}

function checked(range: TimeRange, now: number): TimeRangeResult {
  const error = checkTimeRange(range.start, range.end, now);
  return error ? { ok: false, error: rangeError(error) } : { ok: true, range };
}

export interface CustomDayBounds {
  startMin: DayString;
  startMax: DayString;
  endMin: DayString;
  endMax: DayString;
}

/**
 * Which days the two date pickers may offer for the current range, so that any day the user can pick passes the
 * limits: the start no earlier than the first whole day from earliestAllowedStart(end, now) and not after the end;
 * the end from the start's day to today.
 */
export function customDayBounds(
  range: TimeRange,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): CustomDayBounds {
  const limit = earliestAllowedStart(range.end, now);
  const limitDayStart = startOfPeriod('day', limit, timeZone);
  const firstDay = limitDayStart >= limit ? limitDayStart : nextPeriodStart('day', limit, timeZone);
  return {
    startMin: dayOf(firstDay, timeZone),
    startMax: dayOf(Math.min(range.end, now), timeZone),
    endMin: dayOf(range.start, timeZone),
    endMax: dayOf(now, timeZone),
  };
}

/*
 * antd-mobile's DatePicker works with browser-local Date objects. The merchant's zone may differ from the
 * phone's, so only the calendar fields cross this boundary: a picked local date means that day in the zone.
 */
export function dayToPickerDate(day: DayString): Date {
  const [y, m, d] = parseDay(day);
  return new Date(y, m - 1, d);
}

export function pickerDateToDay(date: Date): DayString {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Text for the range shown between the arrows: a day, a week's first to last day, a month, or two days. */
export function rangeLabel(range: TimeRange, timeZone = DEFAULT_TIME_ZONE): string {
  const start = dayOf(range.start, timeZone);
  switch (range.mode) {
    case 'day':
      return start;
    case 'month': {
      const d = zonedDate(range.start, timeZone);
      return `${d.year}-${String(d.month).padStart(2, '0')}`;
    }
    case 'week':
    case 'custom':
    case 'none':
      return `${start} ~ ${dayOf(range.end, timeZone)}`;
  }
}

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range an address names (range=<mode>, from, and to for custom, as days), held to the picker's own rules: a
 * mode the screen does not offer, a day still to come or beyond the date-range limit gives `fallback`, so a
 * hand-edited address shows the default list rather than an error.
 */
export function rangeFromParams(
  params: URLSearchParams,
  modes: readonly TimeRangeMode[],
  fallback: TimeRange,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): TimeRange {
  const mode = modes.find((m) => m === params.get('range'));
  const from = params.get('from') ?? '';
  if (!mode || mode === 'none' || !DAY_TEXT.test(from)) return fallback;
  if (mode === 'custom') {
    const to = params.get('to') ?? '';
    const custom = DAY_TEXT.test(to) ? customRange(from, to, now, timeZone) : null;
    return custom?.ok ? custom.range : fallback;
  }
  const start = dayStart(from, timeZone);
  // A day still to come would be an empty list with arrows that refuse to move: show the default instead.
  if (start > now) return fallback;
  const held = validateRange(periodRange(mode, start, now, timeZone), now);
  return held.ok ? held.range : fallback;
}
