import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { addStock } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { STOCK_READS } from './stock-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/** Creates the stock of goods in the warehouse (no store) or at a store. */
export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addStock>) => callApi(addStock, body),
    onSuccess: () => invalidateCalls(queryClient, ...STOCK_READS),
  });
}
