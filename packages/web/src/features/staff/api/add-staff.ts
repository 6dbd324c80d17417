import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSubUser, getSubUser } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addSubUser>) => callApi(addSubUser, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getSubUser);
    },
  });
}
