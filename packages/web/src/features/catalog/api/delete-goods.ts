import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delPrivate } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

/** Refused by the server while a shelf still holds the goods; their stock entries go with them. */
export function useDeleteGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goodsId: number) => callApi(delPrivate, { goods_id: goodsId }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.goods }),
  });
}
