import type { SeriesBucket } from '@vendo/contract/api/analytics';
import { nextPeriodStart, startOfPeriod, zonedDate, zonedDay } from '@vendo/contract/constants';

/*
 * The buckets of a chart in the merchant's time zone: hours of the day (0–23, summed over the days of the range),
 * weekdays (1 Monday … 7 Sunday, spec §9), calendar days and months. Every bucket of the range is listed, so a
 * chart's axis never skips; facts (keyed by their local hour or day start) fall into them by bucketOf.
 */

const DAY_MS = 86_400_000;

export interface Bucket {
  /** hour 0–23, weekday 1–7, or the local midnight starting the day or month. */
  key: number;
  label: string;
  hour: number | null;
  weekDay: number | null;
  day: string | null;
  month: string | null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** One day → hours, up to a week → weekdays, up to 62 days → days, longer → months (api/analytics.ts). */
export function defaultBucket(range: { start: number; end: number }): SeriesBucket {
  const length = range.end - range.start;
  // An hour of slack: a day across a daylight-saving change lasts 25 hours.
  if (length <= DAY_MS + 3_600_000) return 'hour';
  if (length <= 7 * DAY_MS + 3_600_000) return 'weekDay';
  if (length <= 62 * DAY_MS + 3_600_000) return 'day';
  return 'month';
}

/** The facts grouping a bucket is summed from. */
export function factGrouping(bucket: SeriesBucket): 'hour' | 'day' {
  return bucket === 'hour' ? 'hour' : 'day';
}

/** Monday 1 … Sunday 7 of the local day holding an instant. */
function weekDayOf(ms: number, timeZone: string): number {
  const d = zonedDate(ms, timeZone);
  return ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;
}

function monthLabel(ms: number, timeZone: string): string {
  const d = zonedDate(ms, timeZone);
  return `${d.year}-${two(d.month)}`;
}

/** Every bucket of the range [start, end), in order. */
export function bucketsOf(
  bucket: SeriesBucket,
  range: { start: number; end: number },
  timeZone: string,
): Bucket[] {
  const empty = { hour: null, weekDay: null, day: null, month: null };
  if (bucket === 'hour') {
    return Array.from({ length: 24 }, (_, hour) => ({ ...empty, key: hour, label: `${two(hour)}:00`, hour }));
  }
  if (bucket === 'weekDay') {
    return Array.from({ length: 7 }, (_, i) => ({
      ...empty,
      key: i + 1,
      label: String(i + 1),
      weekDay: i + 1,
    }));
  }
  const period = bucket === 'day' ? 'day' : 'month';
  const out: Bucket[] = [];
  for (
    let at = startOfPeriod(period, range.start, timeZone);
    at < range.end;
    at = nextPeriodStart(period, at, timeZone)
  ) {
    out.push(
      bucket === 'day'
        ? {
            key: at,
            label: zonedDay(at, timeZone),
            hour: null,
            weekDay: weekDayOf(at, timeZone),
            day: zonedDay(at, timeZone),
            month: monthLabel(at, timeZone),
          }
        : { ...empty, key: at, label: monthLabel(at, timeZone), month: monthLabel(at, timeZone) },
    );
  }
  return out;
}

/** The bucket key of a fact keyed by its local hour start ('hour' grouping) or local midnight ('day'). */
export function bucketOf(bucket: SeriesBucket, factKey: number, timeZone: string): number {
  switch (bucket) {
    case 'hour':
      return zonedDate(factKey, timeZone).hour;
    case 'weekDay':
      return weekDayOf(factKey, timeZone);
    case 'day':
      return factKey;
    case 'month':
      return startOfPeriod('month', factKey, timeZone);
  }
}

/**
 * Facts spread over buckets: each bucket key with its own facts, in the order of bucketsOf. Facts outside every
 * bucket (none, when the facts were asked for the same range) are left out.
 */
export function spread<F extends { key: string }>(
  bucket: SeriesBucket,
  buckets: Bucket[],
  facts: F[],
  timeZone: string,
): Array<{ bucket: Bucket; facts: F[] }> {
  const byKey = new Map(buckets.map((b) => [b.key, { bucket: b, facts: [] as F[] }]));
  // Many facts share a key (one per payment method and status): convert each key once.
  const keyOf = new Map<string, number>();
  for (const fact of facts) {
    let key = keyOf.get(fact.key);
    if (key === undefined) {
      key = bucketOf(bucket, Number(fact.key), timeZone);
      keyOf.set(fact.key, key);
    }
    byKey.get(key)?.facts.push(fact);
  }
  return [...byKey.values()];
}
