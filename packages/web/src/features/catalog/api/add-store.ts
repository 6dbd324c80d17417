import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addStore, getAllStore, getArea, getStore } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useAddStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addStore>) => callApi(addStore, body),
    onSuccess: async () => {
      // Area cards count their stores; every store picker lists it.
      await invalidateCalls(queryClient, getStore, getAllStore, getArea);
    },
  });
}
