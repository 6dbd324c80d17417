import { useQuery } from '@tanstack/react-query';
import { getBank } from '@vendo/contract/api/bank-cards';
import { callQuery, listQuery } from '../../../lib/query-keys';

/**
 * One card; with the operation-password sign the main account gets its numbers in clear. `shownBy`: 'list' where a
 * failed state shows a refusal (the editor of a stored card), 'toast' elsewhere (the detail sheet, which shows the
 * listed card meanwhile).
 */
export function useBank(merchantId: string, sign?: string, shownBy: 'list' | 'toast' = 'toast') {
  const body = { merchant_id: merchantId, ...(sign ? { sign } : {}) };
  return useQuery(shownBy === 'list' ? listQuery(getBank, body) : callQuery(getBank, body));
}
