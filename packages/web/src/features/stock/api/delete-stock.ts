import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delStock } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { STOCK_READS } from './stock-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/** Removes an entry; the log keeps what it held. */
export function useDeleteStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delStock, { _id: id }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, ...STOCK_READS),
  });
}
