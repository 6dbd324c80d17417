import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editStore } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

export function useEditStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editStore>) => callApi(editStore, body),
    onSuccess: async () => {
      // Area cards count their stores.
      await queryClient.invalidateQueries({ queryKey: catalogKeys.stores });
      await queryClient.invalidateQueries({ queryKey: catalogKeys.areas });
    },
  });
}
