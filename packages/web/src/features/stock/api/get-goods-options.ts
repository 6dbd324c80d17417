import { useQuery } from '@tanstack/react-query';
import { getStockTotal } from '@vendo/contract/api/stock';
import { callQuery } from '../../../lib/query-keys';
import { WHOLE_LIST } from '../../../lib/paging';

/**
 * Every goods item with what it holds, for the add-stock picker (a condition list: page 1, size 999). Read from
 * the stock totals, which need the stock permission only, so staff without goods management can still stock up.
 */
export function useGoodsOptions(enabled: boolean) {
  return useQuery({
    ...callQuery(getStockTotal, WHOLE_LIST),
    enabled,
  });
}
