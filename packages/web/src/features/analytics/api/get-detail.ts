import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { detail } from '@vendo/contract/api/analytics';
import { callQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { chartBucket, rangeCondition } from '../utils/range';

/** The dashboard's sales tab: the analysis of the range and its chart. */
export function useSalesDetail(range: TimeRange) {
  const condition = { ...rangeCondition(range), bucket: chartBucket(range) };
  return useQuery({
    ...callQuery(detail, { condition }),
    placeholderData: keepPreviousData,
  });
}
