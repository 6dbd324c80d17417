import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { areaList } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicRegion's areas, 10 a page, each with the analysis of the range; `area` narrows to one (the detail's name). */
export function useAreaList(range: TimeRange, page: number, area?: number, enabled = true) {
  const condition = { ...rangeCondition(range), area };
  return useQuery({
    queryKey: [...analyticsKeys.areas, page, condition],
    queryFn: () => callApi(areaList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
