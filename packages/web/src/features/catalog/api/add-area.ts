import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addArea } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

export function useAddArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addArea>) => callApi(addArea, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.areas }),
  });
}
