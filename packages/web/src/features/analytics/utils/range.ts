import type { SeriesBucket } from '@vendo/contract/api/analytics';
import {
  initialRange,
  isPeriod,
  periodRange,
  validateRange,
  type TimeRange,
  type TimeRangeMode,
} from '../../../components/time-range-picker/time-range';

/**
 * The range of an analytics call (contract rangeFields): start and end as the picker holds them, end inclusive.
 * The server checks them against the picker's rules again.
 */
export function rangeCondition(range: TimeRange): { start_time: number; end_time: number } {
  return { start_time: range.start, end_time: range.end };
}

const MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'custom', 'none'];

function isMode(value: string | null): value is TimeRangeMode {
  return (MODES as readonly (string | null)[]).includes(value);
}

function instant(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The range held in a screen's address (range=week&start=…; custom adds end), so the back button and a tapped
 * detail keep the period being looked at. A period is rebuilt from its start, so "this week" stays whole; anything
 * unknown, out of the offered modes or outside the picker's limits gives the screen's default.
 */
export function rangeFromParams(
  params: URLSearchParams,
  modes: readonly TimeRangeMode[],
  fallback: TimeRangeMode,
  now: number,
): TimeRange {
  const mode = params.get('range');
  if (!isMode(mode) || !modes.includes(mode)) return initialRange(fallback, now);
  if (mode === 'none') return initialRange(mode, now);
  const start = instant(params.get('start'));
  if (start === null || start > now) return initialRange(mode, now);
  const candidate = isPeriod(mode)
    ? periodRange(mode, start, now)
    : { mode, start, end: Math.min(instant(params.get('end')) ?? now, now) };
  const checked = validateRange(candidate, now);
  return checked.ok ? checked.range : initialRange(fallback, now);
}

/** Writes the range into a copy of the address's parameters (the reverse of rangeFromParams). */
export function rangeToParams(range: TimeRange, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('range', range.mode);
  next.delete('start');
  next.delete('end');
  if (range.mode === 'none') return next;
  next.set('start', String(range.start));
  if (range.mode === 'custom') next.set('end', String(range.end));
  return next;
}

/**
 * How the sales chart cuts a range (spec §2): by hour for a day, by weekday for a week, by day for a month. Other
 * ranges take the server's choice from their length (a day by hour, up to 62 days by day, longer by month).
 */
export function chartBucket(range: TimeRange): SeriesBucket | undefined {
  if (range.mode === 'day') return 'hour';
  if (range.mode === 'week') return 'weekDay';
  if (range.mode === 'month') return 'day';
  return undefined;
}
