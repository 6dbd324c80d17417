import { useQuery } from '@tanstack/react-query';
import { getBank } from '@vendo/contract/api/bank-cards';
import { callQuery } from '../../../lib/query-keys';

/** One card; with the operation-password sign the main account gets its numbers in clear. */
export function useBank(merchantId: string, sign?: string) {
  return useQuery(callQuery(getBank, { merchant_id: merchantId, ...(sign ? { sign } : {}) }));
}
