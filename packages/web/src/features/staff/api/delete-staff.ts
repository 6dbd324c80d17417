import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delSubUser } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** Removes a staff member; their sessions end at once. Role cards count their staff. */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delSubUser, { sub_userid: id }, { quiet: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.staff });
      await queryClient.invalidateQueries({ queryKey: staffKeys.roles });
    },
  });
}
