import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addRole, getRole } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addRole>) => callApi(addRole, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getRole);
    },
  });
}
