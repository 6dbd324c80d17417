import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editPrivate, getGoods } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Answers renamed: true when the name changed (sales analysis then shows the new name, spec §5). */
export function useEditGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editPrivate>) => callApi(editPrivate, body),
    onSuccess: () => invalidateCalls(queryClient, getGoods),
  });
}
