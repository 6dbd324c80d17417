import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBuyBill } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { billCondition, type BillFilters } from '../utils/bill-filters';
import { billKeys } from './query-keys';

/** Sales bills with their analysis; abnormal lists only the pending abnormal orders. */
export function useBuyBill(filters: BillFilters) {
  return useQuery({
    queryKey: [...billKeys.buy, filters],
    queryFn: () =>
      callApi(getBuyBill, {
        ...pageRequest(filters.page),
        condition: { ...billCondition(filters), abnormal: filters.abnormal },
      }),
    placeholderData: keepPreviousData,
  });
}
