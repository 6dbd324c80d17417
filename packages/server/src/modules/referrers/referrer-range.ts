import { checkTimeRange, startOfPeriod } from '@vendo/contract/constants';
import { AppError } from '../../platform/app-error';

/** A minute of clock skew between the phone and the server. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The picker's range (spec §2, the contract's checkTimeRange: the 93-day rule) as [start, end): start defaults to
 * the start of the end's day, the end (inclusive as sent, the last ms of a period or now) to now. A broken rule
 * answers the picker's message on its field. Shared by the commission per day and /record.
 */
export function resolveMarketingRange(
  c: { start_time?: number | undefined; end_time?: number | undefined },
  now: number,
  timeZone: string,
): { start: number; end: number } {
  const last = c.end_time ?? now;
  const first = c.start_time ?? startOfPeriod('day', last, timeZone);
  const problem = checkTimeRange(first, last, now + CLOCK_SKEW_MS);
  if (problem) {
    throw AppError.invalid(
      problem === 'rangeStartTooEarly' ? 'condition.start_time' : 'condition.end_time',
      problem,
    );
  }
  return { start: first, end: last + 1 };
}
