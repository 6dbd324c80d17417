import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getNotifyList } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { notifyKeys } from './query-keys';

/** One page of recipient cards, filtered by remarks. */
export function useRecipients(page: number, pageSize: number, remarks: string) {
  return useQuery({
    queryKey: [...notifyKeys.recipients, page, pageSize, remarks],
    queryFn: () =>
      callApi(getNotifyList, {
        ...pageRequest(page, pageSize),
        condition: { remarks: remarks || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}
