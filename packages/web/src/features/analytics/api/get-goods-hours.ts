import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodsHours } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicGoodsDetail: one goods' units and income by hour of the day, summed over the range. */
export function useGoodsHours(range: TimeRange, goodsId: number, enabled = true) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    queryKey: [...analyticsKeys.goodsHours, condition],
    queryFn: () => callApi(goodsHours, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
