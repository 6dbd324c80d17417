import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubUser, resetSubUserPwd } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useResetStaffPwd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof resetSubUserPwd>) => callApi(resetSubUserPwd, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getSubUser);
    },
  });
}
