import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, getResetC, setChannelNum } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /d/setChannelNum: how many shelves the machine has, with the operator sign. */
export function useSetChannelCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof setChannelNum>) => callApi(setChannelNum, body, { quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getDevChannel, getResetC);
    },
  });
}
