import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSubUser } from '@vendo/contract/api/staff';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** One page of staff cards, filtered by a keyword (account, name or phone). */
export function useStaff(page: number, pageSize: number, keyword: string) {
  return useQuery({
    ...listQuery(getSubUser, {
      ...pageRequest(page, pageSize),
      condition: { keyword: keyword || undefined },
    }),
    placeholderData: keepPreviousData,
  });
}
