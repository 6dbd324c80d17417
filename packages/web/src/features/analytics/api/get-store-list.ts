import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeList } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';

/** /sicRegion's stores, 10 a page, each with the analysis of the range; `store` narrows to one. */
export function useStoreList(range: TimeRange, page: number, store?: number, enabled = true) {
  const condition = { ...rangeCondition(range), store };
  return useQuery({
    ...listQuery(storeList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
