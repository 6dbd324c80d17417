import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodsDay } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicGoodsDetail: one goods' units and income day by day over the range. */
export function useGoodsDay(range: TimeRange, goodsId: number, enabled = true) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    ...listQuery(goodsDay, { condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
