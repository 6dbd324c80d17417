import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindDevices, getBank, getMerchant, isBindBank } from '@vendo/contract/api/bank-cards';
import { getDev } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Makes an approved card the payout account of the machines picked. */
export function useBindDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { merchant_id: string; sns: string[] }) => callApi(bindDevices, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getDev, getMerchant, getBank, isBindBank),
  });
}
