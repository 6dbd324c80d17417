import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dayOrder } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicDevice: the sales of every machine of the caller, day by day over the range. */
export function useDayOrder(range: TimeRange, enabled = true) {
  const condition = rangeCondition(range);
  return useQuery({
    ...listQuery(dayOrder, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
