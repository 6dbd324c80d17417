import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodsHours } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicGoodsDetail: one goods' units and income by hour of the day, summed over the range. */
export function useGoodsHours(range: TimeRange, goodsId: number, enabled = true) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    ...listQuery(goodsHours, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
