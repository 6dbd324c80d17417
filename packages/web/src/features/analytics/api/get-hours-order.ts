import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hoursOrder } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicDevice: the sales of every machine of the caller by hour of the day, summed over the range. */
export function useHoursOrder(range: TimeRange, enabled = true) {
  const condition = rangeCondition(range);
  return useQuery({
    queryKey: [...analyticsKeys.hoursOrder, condition],
    queryFn: () => callApi(hoursOrder, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
