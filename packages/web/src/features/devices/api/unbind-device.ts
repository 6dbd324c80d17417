import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { unbindDevice } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { DEVICE_READS } from './device-reads';
import { invalidateCalls } from '../../../lib/query-keys';

/** /d/unbind with the operator sign; the list refreshes after it. */
export function useUnbindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof unbindDevice>) => callApi(unbindDevice, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, ...DEVICE_READS),
  });
}
