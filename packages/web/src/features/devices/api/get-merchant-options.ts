import { useQuery } from '@tanstack/react-query';
import { getMerchantOptions } from '@vendo/contract/api/bank-cards';
import { callQuery } from '../../../lib/query-keys';
import type { MerchantOption } from '../utils/merchant-options';

/**
 * The merchant's approved payout cards (/k/getMerchantOptions, masked), for the list's merchant filter and the
 * device card's payout-card picker.
 */
export function useMerchantOptions(enabled = true) {
  return useQuery({
    ...callQuery(getMerchantOptions, {}),
    enabled,
    select: (result): MerchantOption[] =>
      result.data.map((m) => ({ id: m.merchant_id, label: `${m.acct_name} ${m.acct_no_encry}` })),
  });
}
