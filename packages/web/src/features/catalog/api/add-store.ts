import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addStore } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

export function useAddStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addStore>) => callApi(addStore, body),
    onSuccess: async () => {
      // Area cards count their stores.
      await queryClient.invalidateQueries({ queryKey: catalogKeys.stores });
      await queryClient.invalidateQueries({ queryKey: catalogKeys.areas });
    },
  });
}
