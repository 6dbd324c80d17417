import { useQuery } from '@tanstack/react-query';
import { deviceOverview } from '@vendo/contract/api/analytics';
import { callApi } from '../../../lib/api-client';
import { analyticsKeys } from './query-keys';

/** /sicDevice's overview: the machines by type, online now and the online rate. */
export function useDeviceOverview() {
  return useQuery({
    queryKey: analyticsKeys.deviceOverview,
    queryFn: () => callApi(deviceOverview),
  });
}
