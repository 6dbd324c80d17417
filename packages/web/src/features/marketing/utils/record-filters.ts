import { RECORD_KINDS, type RecordKind } from '@vendo/contract/api/marketing';
import {
  dayOf,
  DEFAULT_TIME_ZONE,
  initialRange,
  rangeFromParams,
  type TimeRange,
  type TimeRangeMode,
} from '../../../components/time-range-picker/time-range';

/** The time tabs of /record; it opens on today. */
export const RECORD_RANGE_MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'custom'];
const DEFAULT_MODE: TimeRangeMode = 'day';

export interface RecordFilters {
  page: number;
  range: TimeRange;
  kind: RecordKind | null;
  /** A machine's sn, or null for every machine. */
  sn: string | null;
}

/**
 * The filters from the address (/record?range=week&from=…&kind=referrer_sale&sn=…&page=2), so reload and back keep
 * them; what a hand-edited address gets wrong is left out rather than refused.
 */
export function recordFiltersFromParams(
  params: URLSearchParams,
  options: { now: number; timeZone?: string },
): RecordFilters {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const page = params.get('page') ?? '';
  const sn = (params.get('sn') ?? '').trim();
  const kind = RECORD_KINDS.find((k) => k === params.get('kind')) ?? null;
  return {
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
    range: rangeFromParams(
      params,
      RECORD_RANGE_MODES,
      initialRange(DEFAULT_MODE, options.now, timeZone),
      options.now,
      timeZone,
    ),
    kind,
    sn: /^\d{1,20}$/.test(sn) ? sn : null,
  };
}

/** The address of a filter set: only what differs from the default (today, every kind and machine, page 1). */
export function recordFiltersToParams(filters: RecordFilters, now: number, timeZone = DEFAULT_TIME_ZONE) {
  const params = new URLSearchParams();
  const { range } = filters;
  const fallback = initialRange(DEFAULT_MODE, now, timeZone);
  if (range.mode !== fallback.mode || range.start !== fallback.start) {
    params.set('range', range.mode);
    params.set('from', dayOf(range.start, timeZone));
    if (range.mode === 'custom') params.set('to', dayOf(range.end, timeZone));
  }
  if (filters.kind !== null) params.set('kind', filters.kind);
  if (filters.sn !== null) params.set('sn', filters.sn);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The request condition: the picker's instants (end inclusive), the kind and the machine. */
export function recordCondition(f: RecordFilters) {
  return {
    start_time: f.range.start,
    end_time: f.range.end,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.sn ? { sn: f.sn } : {}),
  };
}
