import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGoods } from '@vendo/contract/api/catalog';
import { callQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

const PICKER_PAGE = 50;

/** Goods to put on a shelf (/g/getGoods), searched by name; the first 50 matches. */
export function useGoodsOptions(search: string, enabled: boolean) {
  return useQuery({
    ...callQuery(
      getGoods,
      { ...pageRequest(1, PICKER_PAGE), condition: { goods_name: search || undefined } },
      { quiet: true },
    ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
