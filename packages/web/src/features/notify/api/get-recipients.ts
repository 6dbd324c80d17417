import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getNotifyList } from '@vendo/contract/api/notify';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** One page of recipient cards, filtered by remarks. */
export function useRecipients(page: number, pageSize: number, remarks: string) {
  return useQuery({
    ...listQuery(getNotifyList, {
      ...pageRequest(page, pageSize),
      condition: { remarks: remarks || undefined },
    }),
    placeholderData: keepPreviousData,
  });
}
