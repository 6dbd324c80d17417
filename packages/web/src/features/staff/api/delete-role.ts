import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delRole } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** Refused by the server (with how many staff hold it) while the role is in use. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleid: number) => callApi(delRole, { roleid }, { quiet: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.roles });
    },
  });
}
