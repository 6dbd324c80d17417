import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getProfitSharing } from '@vendo/contract/api/funds';
import { pageRequest } from '../../../lib/paging';
import { listQuery } from '../../../lib/query-keys';
import { PROFIT_PAGE_SIZE, profitCondition, type ProfitFilters } from '../utils/profit-filters';

/** One page of what each account received per day and machine, with the totals per account over the range. */
export function useProfitSharing(filters: ProfitFilters) {
  return useQuery({
    ...listQuery(getProfitSharing, {
      ...pageRequest(filters.page, PROFIT_PAGE_SIZE),
      condition: profitCondition(filters),
    }),
    placeholderData: keepPreviousData,
  });
}
