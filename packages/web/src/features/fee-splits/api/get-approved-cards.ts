import { useQuery } from '@tanstack/react-query';
import { getMerchant } from '@vendo/contract/api/bank-cards';
import { CONDITION_LIST } from '../../../lib/paging';
import { callQuery } from '../../../lib/query-keys';

/** The merchant's approved bank cards (masked), every one at once: the main accounts a configuration may pick. */
export function useApprovedCards() {
  return useQuery(callQuery(getMerchant, { ...CONDITION_LIST, condition: { approved: true } }));
}
