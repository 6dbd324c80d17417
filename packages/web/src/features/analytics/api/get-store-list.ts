import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeList } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicRegion's stores, 10 a page, each with the analysis of the range; `store` narrows to one. */
export function useStoreList(range: TimeRange, page: number, store?: number, enabled = true) {
  const condition = { ...rangeCondition(range), store };
  return useQuery({
    queryKey: [...analyticsKeys.stores, page, condition],
    queryFn: () => callApi(storeList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
