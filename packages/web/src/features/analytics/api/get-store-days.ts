import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeDays } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** The dashboard's store tab: the Top 6 stores of the range by income (spec §9). */
export function useStoreDays(range: TimeRange) {
  const condition = rangeCondition(range);
  return useQuery({
    queryKey: [...analyticsKeys.storeDays, condition],
    queryFn: () => callApi(storeDays, { condition }),
    placeholderData: keepPreviousData,
  });
}
