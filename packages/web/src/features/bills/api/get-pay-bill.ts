import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPayBill } from '@vendo/contract/api/orders';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';
import { billCondition, type BillFilters } from '../utils/bill-filters';

/** Payment bills (orders that took money) with their analysis. */
export function usePayBill(filters: BillFilters) {
  return useQuery({
    ...listQuery(getPayBill, { ...pageRequest(filters.page), condition: billCondition(filters) }),
    placeholderData: keepPreviousData,
  });
}
