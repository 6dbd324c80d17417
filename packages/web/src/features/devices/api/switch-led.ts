import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDev, switchLED } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/**
 * /d/switchLED: the lamp on or off now, with colour, brightness and style (kept as the device's lamp settings).
 * The sheet shows a refusal's rcode and msg.
 */
export function useSwitchLed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof switchLED>) => callApi(switchLED, body, { quiet: true }),
    onSettled: () => invalidateCalls(queryClient, getDev),
  });
}
