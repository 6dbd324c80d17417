import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { setChannelNum } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** /d/setChannelNum: how many shelves the machine has, with the operator sign. */
export function useSetChannelCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof setChannelNum>) => callApi(setChannelNum, body, { quiet: true }),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.channels, body.sn] });
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.numbering, body.sn] });
    },
  });
}
