import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceList } from '@vendo/contract/api/analytics';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { rangeCondition } from '../utils/range';
import { analyticsKeys } from './query-keys';

/** /sicDevice's machines, 10 a page (spec §7), each with the analysis of the range; sn narrows the list. */
export function useDeviceList(range: TimeRange, page: number, sn: string, enabled = true) {
  const condition = { ...rangeCondition(range), sn: sn || undefined };
  return useQuery({
    queryKey: [...analyticsKeys.devices, page, condition],
    queryFn: () => callApi(deviceList, { ...pageRequest(page), condition }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
