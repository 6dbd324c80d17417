import { useQuery } from '@tanstack/react-query';
import { getFunds } from '@vendo/contract/api/funds';
import { WHOLE_LIST } from '../../../lib/paging';
import { callQuery, listQuery } from '../../../lib/query-keys';

/**
 * Every payout account of the merchant with its money (spec §7: page 1, size 999), and whether the bank is the sandbox.
 * `shownBy`: 'list' where a ListState shows them (it says a refusal itself), 'toast' elsewhere.
 */
export function useFunds(shownBy: 'list' | 'toast' = 'toast') {
  return useQuery(shownBy === 'list' ? listQuery(getFunds, WHOLE_LIST) : callQuery(getFunds, WHOLE_LIST));
}
