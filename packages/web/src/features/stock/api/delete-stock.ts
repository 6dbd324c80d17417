import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delStock } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { stockKeys } from './query-keys';

/** Removes an entry; the log keeps what it held. */
export function useDeleteStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delStock, { _id: id }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
