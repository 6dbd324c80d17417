import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { addSplitAccount, getMchSplitAccount, updateSplitAccount } from '@vendo/contract/api/splits';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

export type SplitConfigBody = CallRequest<typeof addSplitAccount>;

/**
 * A new configuration (id null) or a change of one. Quiet: the form shows the server's refusal at its field. The
 * device list shows configurations by name, so its queries go stale too.
 */
export function useSaveSplitConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SplitConfigBody }) =>
      id === null
        ? callApi(addSplitAccount, body, { quiet: true })
        : callApi(updateSplitAccount, { ...body, bank_split_id: id }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getMchSplitAccount, getDev),
  });
}
