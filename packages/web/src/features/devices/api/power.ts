import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDev, power } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/**
 * /d/power: the machine or its network module on, off or reboot; dev all with motion setting sends every setting
 * and shelf again. The sheet shows a refusal's rcode and msg.
 */
export function usePower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof power>) => callApi(power, body, { quiet: true }),
    onSettled: () => invalidateCalls(queryClient, getDev),
  });
}
