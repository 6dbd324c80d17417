import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, getResetC, resetId } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /c/resetId: new shelf numbers, with the operator sign. */
export function useResetNumbering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof resetId>) => callApi(resetId, body, { quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getDevChannel, getResetC);
    },
  });
}
