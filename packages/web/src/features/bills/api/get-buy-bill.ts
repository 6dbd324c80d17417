import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBuyBill } from '@vendo/contract/api/orders';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';
import { billCondition, type BillFilters } from '../utils/bill-filters';

/** Sales bills with their analysis; abnormal lists only the pending abnormal orders. */
export function useBuyBill(filters: BillFilters) {
  return useQuery({
    ...listQuery(getBuyBill, {
      ...pageRequest(filters.page),
      condition: { ...billCondition(filters), abnormal: filters.abnormal },
    }),
    placeholderData: keepPreviousData,
  });
}
