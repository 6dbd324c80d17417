import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delNotify, getNotifyList } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delNotify, { notify_id: id }, { quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getNotifyList);
    },
  });
}
