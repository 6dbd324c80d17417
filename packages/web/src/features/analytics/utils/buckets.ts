import type { SeriesBucket } from '@vendo/contract/api/analytics';

/** What each point of a series needs for its axis label (a sales record or a goods record). */
export interface BucketPoint {
  key: number;
  label: string;
}

/** Weekday names, Monday first (spec §9: weeks start on Monday), as the namespace's weekdays list holds them. */
export type WeekdayNames = readonly [string, string, string, string, string, string, string];

/**
 * The label under a point of a chart: 'HH:00' for hours, the weekday's name (1 Monday … 7 Sunday), 'MM-DD' for
 * days (the year is in the picker above), 'YYYY-MM' for months. The server's own label is the fallback for a
 * value this client cannot shorten.
 */
export function axisLabel(point: BucketPoint, bucket: SeriesBucket, weekdays: WeekdayNames): string {
  switch (bucket) {
    case 'hour':
      return `${String(point.key).padStart(2, '0')}:00`;
    case 'weekDay':
      return weekdays[point.key - 1] ?? point.label;
    case 'day': {
      const match = /^\d{4}-(\d{2}-\d{2})$/.exec(point.label);
      return match?.[1] ?? point.label;
    }
    case 'month':
      return point.label;
  }
}

/** The bucket of a goods series: /a/goodsHours answers hours, /a/goodsDay days. */
export type GoodsBucket = Extract<SeriesBucket, 'hour' | 'day'>;
