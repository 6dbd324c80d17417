import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPrivate, getGoods } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useAddGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addPrivate>) => callApi(addPrivate, body),
    onSuccess: () => invalidateCalls(queryClient, getGoods),
  });
}
