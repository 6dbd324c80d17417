import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hoursOrder } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicDevice: the sales of every machine of the caller by hour of the day, summed over the range. */
export function useHoursOrder(range: TimeRange, enabled = true) {
  const condition = rangeCondition(range);
  return useQuery({
    ...listQuery(hoursOrder, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
