import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { unbindDevice } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** /d/unbind with the operator sign; the list refreshes after it. */
export function useUnbindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof unbindDevice>) => callApi(unbindDevice, body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
