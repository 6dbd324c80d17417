import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodSum, type SortAttr } from '@vendo/contract/api/analytics';
import { RANKING_TOP } from '@vendo/contract/constants';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** The dashboard's goods tab: the Top 10 by amount or by volume (spec §7: page 1, size 10, descending). */
export function useGoodSum(range: TimeRange, sort: SortAttr) {
  const condition = { ...rangeCondition(range), sort_attr: sort };
  return useQuery({
    queryKey: [...analyticsKeys.goodSum, condition],
    queryFn: () => callApi(goodSum, { ...pageRequest(1, RANKING_TOP.goods), condition }),
    placeholderData: keepPreviousData,
  });
}
