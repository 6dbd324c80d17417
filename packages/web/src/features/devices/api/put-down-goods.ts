import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { putDownGoods } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** /c/putDownGoods: takes the goods off shelves by their numbers. */
export function usePutDownGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof putDownGoods>) => callApi(putDownGoods, body, { quiet: true }),
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: [...deviceKeys.channels, body.sn] }),
  });
}
