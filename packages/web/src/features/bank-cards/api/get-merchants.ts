import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMerchant } from '@vendo/contract/api/bank-cards';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { pageRequest } from '../../../lib/paging';
import { listQuery } from '../../../lib/query-keys';

export const MERCHANT_PAGE_SIZE = PAGE_SIZE.merchant;

/** One page of the payout cards (page 1, size 6 by default: spec §7), newest first. */
export function useMerchants(page: number) {
  return useQuery({
    ...listQuery(getMerchant, { ...pageRequest(page, MERCHANT_PAGE_SIZE), condition: {} }),
    placeholderData: keepPreviousData,
  });
}
