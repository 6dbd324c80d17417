import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { days } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { placeCondition, type Place } from '../utils/place';
import { rangeCondition } from '../utils/range';

/** /sicAnalysisDetail: one area, store or machine, day by day over the range, with the range's analysis. */
export function useDays(range: TimeRange, place: Place, enabled = true) {
  const condition = { ...rangeCondition(range), ...placeCondition(place) };
  return useQuery({
    ...listQuery(days, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
