import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSettle } from '@vendo/contract/api/funds';
import { pageRequest } from '../../../lib/paging';
import { listQuery } from '../../../lib/query-keys';
import { SETTLE_PAGE_SIZE, settleCondition, type SettleFilters } from '../utils/settle-filters';

/** One page of settlement records, newest day first, under the screen's filters. */
export function useSettle(filters: SettleFilters) {
  return useQuery({
    ...listQuery(getSettle, {
      ...pageRequest(filters.page, SETTLE_PAGE_SIZE),
      condition: settleCondition(filters),
    }),
    placeholderData: keepPreviousData,
  });
}
