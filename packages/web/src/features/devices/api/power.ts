import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { power } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/**
 * /d/power: the machine or its network module on, off or reboot; dev all with motion setting sends every setting
 * and shelf again. The sheet shows a refusal's rcode and msg.
 */
export function usePower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof power>) => callApi(power, body, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.list }),
  });
}
