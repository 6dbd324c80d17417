import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStockLog } from '@vendo/contract/api/stock';
import type { StockOperType, StockType } from '@vendo/contract/enums';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { stockKeys } from './query-keys';

export interface StockLogFilter {
  stockType: StockType | null;
  operType: StockOperType | null;
}

/** The stock log, newest first, filtered by level and operation. */
export function useStockLog({ page, filter }: { page: number; filter: StockLogFilter }) {
  return useQuery({
    queryKey: [...stockKeys.log, page, filter.stockType, filter.operType],
    queryFn: () =>
      callApi(getStockLog, {
        ...pageRequest(page),
        condition: { stock_type: filter.stockType ?? undefined, oper_type: filter.operType ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });
}
