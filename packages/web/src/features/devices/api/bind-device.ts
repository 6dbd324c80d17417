import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { bindDevice } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './query-keys';

/** /d/bind; the screen shows the failure itself (spec §4: "failure shows the failure message"). */
export function useBindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof bindDevice>) => callApi(bindDevice, body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
