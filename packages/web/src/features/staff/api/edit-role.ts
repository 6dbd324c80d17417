import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editRole } from '@vendo/contract/api/staff';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editRole>) => callApi(editRole, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.roles });
    },
  });
}
