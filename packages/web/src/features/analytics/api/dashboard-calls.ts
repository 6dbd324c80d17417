import type { QueryClient, QueryKey, QueryMeta } from '@tanstack/react-query';
import type { detail, SalesRecord, SeriesBucket } from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import type { TimeRange, TimeRangeMode } from '../../../components/time-range-picker/time-range';
import { callEndpoint } from '../../../lib/api-client';
import { array, finite, int, nullable, object, oneOf, plainEndpoint, string } from '../../../lib/plain-check';
import { queryKeyOf, SHOWN_BY_LIST } from '../../../lib/query-keys';
import { chartBucket, rangeCondition, rangeFromParams } from '../utils/range';

/*
 * What the route prefetch (app/route-prefetch.ts) needs of the dashboard, without its chunk: the sales tab's call
 * and how its body follows from the address. The screen builds its query from the same functions, so the two meet
 * in one cache entry and one request.
 */

/** Spec §2: the dashboard's picker offers day, week, month or none; a day when the address names none. */
export const DASHBOARD_MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'none'];
export const DASHBOARD_FALLBACK_MODE: TimeRangeMode = 'day';

type Detail = CallResult<typeof detail>;

/** The contract's SERIES_BUCKETS, without loading the contract's schemas (dashboard-calls.test.ts compares). */
export const SERIES_BUCKETS: readonly SeriesBucket[] = ['hour', 'weekDay', 'day', 'month'];

const salesRecord = object<SalesRecord>({
  key: int,
  label: string,
  hour: nullable(int),
  weekDay: nullable(int),
  day: nullable(string),
  month: nullable(string),
  count: int,
  income: int,
  refund: int,
  successCount: int,
  refundCount: int,
  wechatIncome: int,
  alipayIncome: int,
  otherIncome: int,
  wechatRefund: int,
  alipayRefund: int,
  otherRefund: int,
  wechatCount: int,
  alipayCount: int,
  otherCount: int,
  costPrice: nullable(int),
  profit: nullable(int),
});

/**
 * /a/detail: the analysis of the range and its chart (the sales tab), checked without zod (lib/plain-check.ts):
 * the dashboard opens on this tab, and its first screen then loads neither zod nor the contract's schemas
 * (seven scripts, 42 KB of gzip). dashboard-calls.test.ts holds it to the contract's path, access and schema.
 */
export const detailCall = plainEndpoint(
  '/api/v1/a/detail',
  'session',
  object<Detail>({
    bucket: oneOf(SERIES_BUCKETS),
    analysis: object<Detail['analysis']>({
      count: int,
      income: int,
      refund: int,
      wxIncome: int,
      alipayIncome: int,
      otherIncome: int,
      successCount: int,
      successRate: int,
      refundCount: int,
      refundRate: int,
      wxCount: int,
      wxRate: int,
      alipayCount: int,
      alipayRate: int,
      otherCount: int,
      abnormalCount: int,
      costPrice: nullable(int),
      profit: nullable(int),
      price: int,
    }),
    records: array(salesRecord),
    range: object<Detail['range']>({ start_time: finite, end_time: finite }),
  }),
);

/**
 * The sales tab's query for a range: the key of the contract's call with that body (lib/query-keys.ts). Quiet, as
 * a listQuery: the tab's StatsState says a refusal.
 */
export function salesDetailQuery(range: TimeRange): {
  queryKey: QueryKey;
  queryFn: () => Promise<Detail>;
  meta: QueryMeta;
} {
  const body = salesDetailBody(range);
  return {
    queryKey: queryKeyOf(detailCall, body),
    queryFn: () => callEndpoint(detailCall, body, { quiet: true }),
    meta: SHOWN_BY_LIST,
  };
}

/** The sales tab's body for a range. */
export function salesDetailBody(range: TimeRange) {
  return { condition: { ...rangeCondition(range), bucket: chartBucket(range) } };
}

/** The ranking tabs; any other value of `tab` (or none) is the sales tab. */
const RANKING_TABS: readonly (string | null)[] = ['store', 'device', 'goods'];

/**
 * The range the prefetch asked for, the address it read it from and when. A range of today ends now, so the
 * screen, rendering a moment later, would send another body: it starts from this one instead (prefetchedRange).
 */
let prefetched: { search: string; range: TimeRange; at: number } | null = null;

/** How long the prefetch's range stands in for the screen's own: the queries' staleTime (lib/query-client.ts). */
const PREFETCHED_RANGE_MS = 30_000;

/** Starts the sales tab's call for the address, when the address opens on that tab. */
export function prefetchDashboard(queryClient: QueryClient, params: URLSearchParams, now: number): void {
  if (RANKING_TABS.includes(params.get('tab'))) return;
  const range = rangeFromParams(params, DASHBOARD_MODES, DASHBOARD_FALLBACK_MODE, now);
  prefetched = { search: params.toString(), range, at: now };
  void queryClient.prefetchQuery(salesDetailQuery(range));
}

/**
 * The prefetch's range while the address is still the one it read and it is fresh; null otherwise. The screen
 * reads it on every mount attempt (a render that suspends starts again) and forgets it once mounted.
 */
export function prefetchedRange(params: URLSearchParams, now: number = Date.now()): TimeRange | null {
  if (!prefetched || prefetched.search !== params.toString()) return null;
  return now - prefetched.at < PREFETCHED_RANGE_MS ? prefetched.range : null;
}

export function forgetPrefetchedRange(): void {
  prefetched = null;
}
