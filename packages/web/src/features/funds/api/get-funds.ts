import { useQuery } from '@tanstack/react-query';
import { getFunds } from '@vendo/contract/api/funds';
import { WHOLE_LIST } from '../../../lib/paging';
import { callQuery } from '../../../lib/query-keys';

/** Every payout account of the merchant with its money (spec §7: page 1, size 999), and whether the bank is the sandbox. */
export function useFunds() {
  return useQuery(callQuery(getFunds, WHOLE_LIST));
}
