import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { editNotify, getNotifyList } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useEditRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editNotify>) => callApi(editNotify, body),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getNotifyList);
    },
  });
}
