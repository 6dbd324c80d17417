import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { offlineRefund, refund } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { BILL_READS } from './bill-reads';
import { invalidateCalls } from '../../../lib/query-keys';

export type RefundRequest = CallRequest<typeof refund> & {
  /** Records a refund made by hand, cash handed back (/b/offlineRefund), instead of one through the channel. */
  offline: boolean;
};

/**
 * Refunds through the channel that took the money (or as a record for orders no channel holds money for), or
 * records an offline refund. Quiet: the sheet keeps the server's words ("only same-day deals refundable") on
 * screen.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offline, ...body }: RefundRequest) =>
      offline ? callApi(offlineRefund, body, { quiet: true }) : callApi(refund, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, ...BILL_READS),
  });
}
