import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, remoteOuting } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/**
 * /d/remoteOuting: dispenses from a shelf, with the operator sign. A refusal (offline, timeout, cool-down, out of
 * stock) is the sheet's to show, with its rcode and msg.
 */
export function useRemoteOuting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof remoteOuting>) => callApi(remoteOuting, body, { quiet: true }),
    onSettled: () => invalidateCalls(queryClient, getDevChannel),
  });
}
