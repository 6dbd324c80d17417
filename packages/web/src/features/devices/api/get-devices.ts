import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { listQuery } from '../../../lib/query-keys';
import { deviceCondition, type DeviceFilters } from '../utils/device-filters';
import { pageRequest } from '../../../lib/paging';

export const DEVICE_PAGE_SIZE = PAGE_SIZE.device;

/** Presence changes within seconds (issue 3); the list follows while it is on screen. */
const REFRESH_MS = 20_000;

/** One page of device cards (10 a page, spec §7), filtered as the address says. */
export function useDevices(filters: DeviceFilters) {
  const condition = deviceCondition(filters);
  return useQuery({
    ...listQuery(getDev, { ...pageRequest(filters.page, DEVICE_PAGE_SIZE), condition }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
