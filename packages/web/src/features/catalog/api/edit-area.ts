import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editArea, getAllStore, getArea, getStore } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useEditArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editArea>) => callApi(editArea, body),
    onSuccess: async () => {
      // Store cards show their area's name.
      await invalidateCalls(queryClient, getArea, getStore, getAllStore);
    },
  });
}
