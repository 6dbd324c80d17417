import { useQuery } from '@tanstack/react-query';
import { deviceOverview } from '@vendo/contract/api/analytics';
import { listQuery } from '../../../lib/query-keys';

/** /sicDevice's overview: the machines by type, online now and the online rate. */
export function useDeviceOverview() {
  return useQuery(listQuery(deviceOverview));
}
