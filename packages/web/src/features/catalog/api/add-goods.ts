import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPrivate } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

export function useAddGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addPrivate>) => callApi(addPrivate, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.goods }),
  });
}
