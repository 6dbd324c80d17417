import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dayOrder } from '@vendo/contract/api/analytics';
import { callQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicDevice: the sales of every machine of the caller, day by day over the range. */
export function useDayOrder(range: TimeRange, enabled = true) {
  const condition = rangeCondition(range);
  return useQuery({
    ...callQuery(dayOrder, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
