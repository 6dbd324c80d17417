import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editImg, getImg } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export function useRenameImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editImg>) => callApi(editImg, body),
    onSuccess: () => invalidateCalls(queryClient, getImg),
  });
}
