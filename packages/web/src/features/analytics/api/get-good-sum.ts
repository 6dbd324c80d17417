import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodSum, type SortAttr } from '@vendo/contract/api/analytics';
import { RANKING_TOP } from '@vendo/contract/constants';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';

/** The dashboard's goods tab: the Top 10 by amount or by volume (spec §7: page 1, size 10, descending). */
export function useGoodSum(range: TimeRange, sort: SortAttr) {
  const condition = { ...rangeCondition(range), sort_attr: sort };
  return useQuery({
    ...listQuery(goodSum, { ...pageRequest(1, RANKING_TOP.goods), condition }),
    placeholderData: keepPreviousData,
  });
}
