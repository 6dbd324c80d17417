import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodsDay } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicGoodsDetail: one goods' units and income day by day over the range. */
export function useGoodsDay(range: TimeRange, goodsId: number, enabled = true) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    queryKey: [...analyticsKeys.goodsDay, condition],
    queryFn: () => callApi(goodsDay, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
