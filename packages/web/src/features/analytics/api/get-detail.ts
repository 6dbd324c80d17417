import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { detail } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { chartBucket, rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** The dashboard's sales tab: the analysis of the range and its chart. */
export function useSalesDetail(range: TimeRange) {
  const condition = { ...rangeCondition(range), bucket: chartBucket(range) };
  return useQuery({
    queryKey: [...analyticsKeys.detail, condition],
    queryFn: () => callApi(detail, { condition }),
    placeholderData: keepPreviousData,
  });
}
