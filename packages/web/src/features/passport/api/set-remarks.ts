import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPassportLoginInfo, setPassportRemarks } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import type { PassportCredentials } from './credentials';
import { invalidateCalls } from '../../../lib/query-keys';

export function useSetRemarks(credentials: PassportCredentials | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { account: string; remarks: string }) =>
      callApi(setPassportRemarks, body, { credentials: credentials ?? undefined }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getPassportLoginInfo);
    },
  });
}
