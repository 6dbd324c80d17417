import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSettleDetail } from '@vendo/contract/api/funds';
import { pageRequest } from '../../../lib/paging';
import { listQuery } from '../../../lib/query-keys';

/** The lines of a settlement shown a page at a time (the contract's default page of 20). */
export const SETTLE_LINE_PAGE_SIZE = 20;

/** A settlement record and one page of the orders and refunds it covers. */
export function useSettleDetail(id: number, page: number) {
  return useQuery({
    ...listQuery(getSettleDetail, { ...pageRequest(page, SETTLE_LINE_PAGE_SIZE), condition: {}, id }),
    placeholderData: keepPreviousData,
  });
}
