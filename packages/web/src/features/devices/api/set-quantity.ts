import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDevChannel, setQuantity } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /c/setQuantity: type 1 fills every shelf holding goods, type 0 empties every shelf. */
export function useSetQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof setQuantity>) => callApi(setQuantity, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getDevChannel),
  });
}
