import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editRole, getRole } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editRole>) => callApi(editRole, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getRole);
    },
  });
}
