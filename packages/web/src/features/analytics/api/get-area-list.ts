import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { areaList } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';

/** /sicRegion's areas, 10 a page, each with the analysis of the range; `area` narrows to one (the detail's name). */
export function useAreaList(range: TimeRange, page: number, area?: number, enabled = true) {
  const condition = { ...rangeCondition(range), area };
  return useQuery({
    ...listQuery(areaList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
