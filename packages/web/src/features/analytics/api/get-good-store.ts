import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodStore } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicGoodsDetail: one goods store by store (area and store names, units, income) over the range. */
export function useGoodStore(range: TimeRange, goodsId: number) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    queryKey: [...analyticsKeys.goodStore, condition],
    queryFn: () => callApi(goodStore, { condition }),
    placeholderData: keepPreviousData,
  });
}
