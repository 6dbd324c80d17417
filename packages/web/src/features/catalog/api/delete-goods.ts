import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delPrivate, getGoods } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Refused by the server while a shelf still holds the goods; their stock entries go with them. */
export function useDeleteGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goodsId: number) => callApi(delPrivate, { goods_id: goodsId }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getGoods),
  });
}
