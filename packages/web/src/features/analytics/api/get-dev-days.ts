import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devDays } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** The dashboard's device tab: the Top 6 machines of the range by income (spec §9). */
export function useDevDays(range: TimeRange) {
  const condition = rangeCondition(range);
  return useQuery({
    ...listQuery(devDays, { condition }),
    placeholderData: keepPreviousData,
  });
}
