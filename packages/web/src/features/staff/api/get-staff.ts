import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSubUser } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { staffKeys } from './query-keys';

/** One page of staff cards, filtered by a keyword (account, name or phone). */
export function useStaff(page: number, pageSize: number, keyword: string) {
  return useQuery({
    queryKey: [...staffKeys.staff, page, pageSize, keyword],
    queryFn: () =>
      callApi(getSubUser, { ...pageRequest(page, pageSize), condition: { keyword: keyword || undefined } }),
    placeholderData: keepPreviousData,
  });
}
