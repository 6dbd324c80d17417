import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

/** Refused by the server (with the count) while machines stand in the store. */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delStore, { _id: id }, { quiet: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogKeys.stores });
      await queryClient.invalidateQueries({ queryKey: catalogKeys.areas });
    },
  });
}
