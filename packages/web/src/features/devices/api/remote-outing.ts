import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { remoteOuting } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/**
 * /d/remoteOuting: dispenses from a shelf, with the operator sign. A refusal (offline, timeout, cool-down, out of
 * stock) is the sheet's to show, with its rcode and msg.
 */
export function useRemoteOuting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof remoteOuting>) => callApi(remoteOuting, body, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.channels }),
  });
}
