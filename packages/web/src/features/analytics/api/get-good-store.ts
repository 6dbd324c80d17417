import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodStore } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { rangeCondition } from '../utils/range';

/** /sicGoodsDetail: one goods store by store (area and store names, units, income) over the range. */
export function useGoodStore(range: TimeRange, goodsId: number) {
  const condition = { ...rangeCondition(range), goods_id: goodsId };
  return useQuery({
    ...listQuery(goodStore, { condition }),
    placeholderData: keepPreviousData,
  });
}
