import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeDays } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** The dashboard's store tab: the Top 6 stores of the range by income (spec §9). */
export function useStoreDays(range: TimeRange) {
  const condition = rangeCondition(range);
  return useQuery({
    ...listQuery(storeDays, { condition }),
    placeholderData: keepPreviousData,
  });
}
