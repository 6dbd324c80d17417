import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devDays } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** The dashboard's device tab: the Top 6 machines of the range by income (spec §9). */
export function useDevDays(range: TimeRange) {
  const condition = rangeCondition(range);
  return useQuery({
    queryKey: [...analyticsKeys.devDays, condition],
    queryFn: () => callApi(devDays, { condition }),
    placeholderData: keepPreviousData,
  });
}
