import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, putDownGoods } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /c/putDownGoods: takes the goods off shelves by their numbers. */
export function usePutDownGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof putDownGoods>) => callApi(putDownGoods, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getDevChannel),
  });
}
