import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dayOrder } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicDevice: the sales of every machine of the caller, day by day over the range. */
export function useDayOrder(range: TimeRange, enabled = true) {
  const condition = rangeCondition(range);
  return useQuery({
    queryKey: [...analyticsKeys.dayOrder, condition],
    queryFn: () => callApi(dayOrder, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
