import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindDevices, getMerchant, isBindBank, unbindDevices } from '@vendo/contract/api/bank-cards';
import { getDev } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** A machine's payout card: an approved card's merchant id, or null to clear it (manual transfer). */
export function useSetPayoutCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sn, merchantId }: { sn: string; merchantId: string | null }): Promise<void> => {
      if (merchantId) await callApi(bindDevices, { merchant_id: merchantId, sns: [sn] }, { quiet: true });
      else await callApi(unbindDevices, { sns: [sn] }, { quiet: true });
    },
    onSuccess: () => invalidateCalls(queryClient, getDev, getMerchant, isBindBank),
  });
}
