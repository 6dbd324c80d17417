import {
  dayOf,
  DEFAULT_TIME_ZONE,
  initialRange,
  rangeFromParams,
  type TimeRange,
  type TimeRangeMode,
} from '../../../components/time-range-picker/time-range';

/** Rows of /profitSharing a page: the contract's default of 20. */
export const PROFIT_PAGE_SIZE = 20;

/** The time tabs of /profitSharing; it opens on this month. */
export const PROFIT_RANGE_MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'custom'];
const DEFAULT_MODE: TimeRangeMode = 'month';

export interface ProfitFilters {
  page: number;
  range: TimeRange;
  /** A machine's sn, or null for every machine. */
  sn: string | null;
}

/**
 * The filters from the address (/profitSharing?range=week&from=…&sn=…&page=2), so reload and back keep them;
 * what a hand-edited address gets wrong is left out rather than refused.
 */
export function profitFiltersFromParams(
  params: URLSearchParams,
  options: { now: number; timeZone?: string },
): ProfitFilters {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const page = params.get('page') ?? '';
  const sn = (params.get('sn') ?? '').trim();
  return {
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
    range: rangeFromParams(
      params,
      PROFIT_RANGE_MODES,
      initialRange(DEFAULT_MODE, options.now, timeZone),
      options.now,
      timeZone,
    ),
    sn: sn && sn.length <= 64 ? sn : null,
  };
}

/** The address of a filter set: only what differs from the default (this month, every machine, page 1). */
export function profitFiltersToParams(filters: ProfitFilters, now: number, timeZone = DEFAULT_TIME_ZONE) {
  const params = new URLSearchParams();
  const { range } = filters;
  const fallback = initialRange(DEFAULT_MODE, now, timeZone);
  if (range.mode !== fallback.mode || range.start !== fallback.start) {
    params.set('range', range.mode);
    params.set('from', dayOf(range.start, timeZone));
    if (range.mode === 'custom') params.set('to', dayOf(range.end, timeZone));
  }
  if (filters.sn !== null) params.set('sn', filters.sn);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The request condition: the range as merchant-local days (both ends included) and the machine. */
export function profitCondition(f: ProfitFilters, timeZone = DEFAULT_TIME_ZONE) {
  return {
    start_date: dayOf(f.range.start, timeZone),
    end_date: dayOf(f.range.end, timeZone),
    sn: f.sn ?? undefined,
  };
}
