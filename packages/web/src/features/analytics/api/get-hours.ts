import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hours } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { placeCondition, type Place } from '../utils/place';
import { rangeCondition } from '../utils/range';

/** /sicAnalysisDetail: one area, store or machine by hour of the day, summed over the range. */
export function useHours(range: TimeRange, place: Place, enabled = true) {
  const condition = { ...rangeCondition(range), ...placeCondition(place) };
  return useQuery({
    ...listQuery(hours, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
