import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editImg } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

export function useRenameImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editImg>) => callApi(editImg, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.images }),
  });
}
