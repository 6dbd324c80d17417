import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { editStock } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { STOCK_READS } from './stock-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/** Adds (oper_type 0) or reduces (1) an entry; the server refuses to go below zero, saying what is left. */
export function useEditStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editStock>) => callApi(editStock, body),
    onSuccess: () => invalidateCalls(queryClient, ...STOCK_READS),
  });
}
