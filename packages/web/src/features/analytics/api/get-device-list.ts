import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceList } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';

/** /sicDevice's machines, 10 a page (spec §7), each with the analysis of the range; sn narrows the list. */
export function useDeviceList(range: TimeRange, page: number, sn: string, enabled = true) {
  const condition = { ...rangeCondition(range), sn: sn || undefined };
  return useQuery({
    ...listQuery(deviceList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
