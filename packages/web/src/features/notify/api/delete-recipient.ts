import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delNotify } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';
import { notifyKeys } from './query-keys';

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delNotify, { notify_id: id }, { quiet: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notifyKeys.recipients });
    },
  });
}
