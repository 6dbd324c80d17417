import { useQuery } from '@tanstack/react-query';
import { getShareList } from '@vendo/contract/api/bank-cards';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { pageRequest } from '../../../lib/paging';
import { callQuery } from '../../../lib/query-keys';

/** The latest invitation links (newest first), with their state. */
export function useShareList(enabled: boolean) {
  return useQuery({
    ...callQuery(getShareList, { ...pageRequest(1, PAGE_SIZE.merchant), condition: {} }),
    enabled,
  });
}
