import { useQuery } from '@tanstack/react-query';
import { getDevChannel } from '@vendo/contract/api/devices';
import { callQuery } from '../../../lib/query-keys';

/**
 * The shelves of the machine an order came from, to vend it again from another one. Only for those who may
 * see shelves (DeviceManage); the others type a shelf number.
 */
export function useMachineShelves(sn: string, enabled: boolean) {
  return useQuery({
    ...callQuery(getDevChannel, { sn }, { quiet: true }),
    enabled,
  });
}
