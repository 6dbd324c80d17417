import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPayBill } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { billCondition, type BillFilters } from '../utils/bill-filters';
import { billKeys } from './query-keys';

/** Payment bills (orders that took money) with their analysis. */
export function usePayBill(filters: BillFilters) {
  return useQuery({
    queryKey: [...billKeys.pay, filters],
    queryFn: () => callApi(getPayBill, { ...pageRequest(filters.page), condition: billCondition(filters) }),
    placeholderData: keepPreviousData,
  });
}
