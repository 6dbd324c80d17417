import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { resetId } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** /c/resetId: new shelf numbers, with the operator sign. */
export function useResetNumbering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof resetId>) => callApi(resetId, body, { quiet: true }),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.channels, body.sn] });
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.numbering, body.sn] });
    },
  });
}
