import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addArea, getArea } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useAddArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addArea>) => callApi(addArea, body),
    onSuccess: () => invalidateCalls(queryClient, getArea),
  });
}
