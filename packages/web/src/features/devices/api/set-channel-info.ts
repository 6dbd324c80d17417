import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, setChannelInfo } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /c/setChannelInfo: one shelf, pushed to the machine. */
export function useSetChannelInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof setChannelInfo>) => callApi(setChannelInfo, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getDevChannel),
  });
}
