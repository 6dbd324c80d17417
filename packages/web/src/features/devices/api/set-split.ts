import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { getMchSplitAccount, setSplit } from '@vendo/contract/api/splits';
import { callApi } from '../../../lib/api-client';
import { WHOLE_LIST } from '../../../lib/paging';
import { callQuery, invalidateCalls } from '../../../lib/query-keys';

/** The merchant's split configurations, for a machine's split sheet (1029, like the sheet itself). */
export function useSplitOptions() {
  return useQuery(callQuery(getMchSplitAccount, WHOLE_LIST));
}

/** Turns a machine's split on (with a configuration) or off. Quiet: the sheet shows the server's words. */
export function useSetSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sn: string; on: boolean; splitId: string | null }) =>
      callApi(
        setSplit,
        { sn: body.sn, is_bank_split: body.on ? 1 : 0, bank_split_id: body.splitId },
        { quiet: true },
      ),
    onSuccess: () => invalidateCalls(queryClient, getDev, getMchSplitAccount),
  });
}
