import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delMerchant, getMerchant, isBindBank } from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Deletes a card; the server refuses while machines are bound to it and says how many (shown as it says). */
export function useDeleteMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (merchantId: string) => callApi(delMerchant, { merchant_id: merchantId }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getMerchant, isBindBank),
  });
}
