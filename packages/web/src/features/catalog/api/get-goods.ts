import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGoods } from '@vendo/contract/api/catalog';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

export const GOODS_PAGE_SIZE = PAGE_SIZE.goods;

/** One page of goods (8 a page, spec §9), searched by name, code or tag. */
export function useGoods({ page, search }: { page: number; search: string }) {
  return useQuery({
    ...listQuery(getGoods, {
      ...pageRequest(page, GOODS_PAGE_SIZE),
      condition: { goods_name: search || undefined },
    }),
    placeholderData: keepPreviousData,
  });
}
