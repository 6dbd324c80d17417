import type { QueryClient } from '@tanstack/react-query';
import type { TimeRange, TimeRangeMode } from '../../../components/time-range-picker/time-range';
import { lazyCall, lazyCallQuery } from '../../../lib/lazy-call';
import { chartBucket, rangeCondition, rangeFromParams } from '../utils/range';

/*
 * What the route prefetch (app/route-prefetch.ts) needs of the dashboard, without its chunk: the sales tab's call
 * and how its body follows from the address. The screen builds its query from the same functions, so the two meet
 * in one cache entry and one request.
 */

/** Spec §2: the dashboard's picker offers day, week, month or none; a day when the address names none. */
export const DASHBOARD_MODES: readonly TimeRangeMode[] = ['day', 'week', 'month', 'none'];
export const DASHBOARD_FALLBACK_MODE: TimeRangeMode = 'day';

/** /a/detail: the analysis of the range and its chart (the sales tab). */
export const detailCall = lazyCall('/api/v1/a/detail', 'session', () =>
  import('@vendo/contract/api/analytics').then((m) => m.detail),
);

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
  void queryClient.prefetchQuery(lazyCallQuery(detailCall, salesDetailBody(range)));
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
