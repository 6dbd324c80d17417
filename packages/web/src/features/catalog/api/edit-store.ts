import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editStore, getAllStore, getArea, getStore } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useEditStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editStore>) => callApi(editStore, body),
    onSuccess: async () => {
      // Area cards count their stores; every store picker names it.
      await invalidateCalls(queryClient, getStore, getAllStore, getArea);
    },
  });
}
