import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { replaceGoods } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { BILL_READS } from './bill-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/**
 * Vends an abnormal or failed order again (/b/replaceGoods). Quiet: the sheet shows why the machine did not
 * vend (offline, out of stock, a fault). Whatever happened, the order changed, so the lists and the home
 * alert are asked again.
 */
export function useReplaceGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof replaceGoods>) => callApi(replaceGoods, body, { quiet: true }),
    onSettled: () => invalidateCalls(queryClient, ...BILL_READS),
  });
}
