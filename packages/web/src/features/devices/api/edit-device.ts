import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { editDev, getDev } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** /d/editDev: saves the settings and answers how the push to the machine went. */
export function useEditDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editDev>) => callApi(editDev, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getDev),
  });
}
