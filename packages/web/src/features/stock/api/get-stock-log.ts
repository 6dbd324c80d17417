import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStockLog } from '@vendo/contract/api/stock';
import type { StockOperType, StockType } from '@vendo/contract/enums';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

export interface StockLogFilter {
  stockType: StockType | null;
  operType: StockOperType | null;
}

/** The stock log, newest first, filtered by level and operation. */
export function useStockLog({ page, filter }: { page: number; filter: StockLogFilter }) {
  return useQuery({
    ...listQuery(getStockLog, {
      ...pageRequest(page),
      condition: { stock_type: filter.stockType ?? undefined, oper_type: filter.operType ?? undefined },
    }),
    placeholderData: keepPreviousData,
  });
}
