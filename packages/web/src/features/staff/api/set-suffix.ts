import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubUser, setSubUserSuffix } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useSetSuffix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof setSubUserSuffix>) => callApi(setSubUserSuffix, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getSubUser);
    },
  });
}
