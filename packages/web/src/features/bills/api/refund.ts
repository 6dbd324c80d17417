import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { refund } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { billKeys } from './query-keys';

/**
 * Refunds through the channel that took the money (or as a record for orders no channel holds money for).
 * Quiet: the sheet keeps the server's words ("only same-day deals refundable") on screen.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof refund>) => callApi(refund, body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
