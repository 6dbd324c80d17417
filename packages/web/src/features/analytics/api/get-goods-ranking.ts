import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodSumForG, type SortAttr } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';

/** /sicGoods: every goods sold in the range with its figures, 10 a page, by amount or by volume. */
export function useGoodsRanking(range: TimeRange, page: number, sort: SortAttr) {
  const condition = { ...rangeCondition(range), sort_attr: sort };
  return useQuery({
    ...listQuery(goodSumForG, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
  });
}
