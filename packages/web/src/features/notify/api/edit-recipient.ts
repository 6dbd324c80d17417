import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { editNotify } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';
import { notifyKeys } from './query-keys';

export function useEditRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editNotify>) => callApi(editNotify, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notifyKeys.recipients });
    },
  });
}
