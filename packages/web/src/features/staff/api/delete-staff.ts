import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delSubUser, getRole, getSubUser } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Removes a staff member; their sessions end at once. Role cards count their staff. */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delSubUser, { sub_userid: id }, { quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getSubUser, getRole);
    },
  });
}
