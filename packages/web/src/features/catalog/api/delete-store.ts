import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delStore, getAllStore, getArea, getStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Refused by the server (with the count) while machines stand in the store. */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delStore, { _id: id }, { quiet: true }),
    onSuccess: async () => {
      // Area cards count their stores; every store picker lists them.
      await invalidateCalls(queryClient, getStore, getAllStore, getArea);
    },
  });
}
