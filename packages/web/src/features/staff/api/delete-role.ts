import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delRole, getRole } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Refused by the server (with how many staff hold it) while the role is in use. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleid: number) => callApi(delRole, { roleid }, { quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getRole);
    },
  });
}
