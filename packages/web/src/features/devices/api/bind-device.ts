import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { bindDevice } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { DEVICE_READS } from './device-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/** /d/bind; the screen shows the failure itself (spec §4: "failure shows the failure message"). */
export function useBindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof bindDevice>) => callApi(bindDevice, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, ...DEVICE_READS),
  });
}
