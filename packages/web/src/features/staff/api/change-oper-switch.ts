import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeIsOperPwd, getSubUser } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useChangeOperSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof changeIsOperPwd>) => callApi(changeIsOperPwd, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getSubUser);
    },
  });
}
