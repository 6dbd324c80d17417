import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPassportLoginInfo, unbindPassport } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import type { PassportCredentials } from './credentials';
import { invalidateCalls } from '../../../lib/query-keys';

/** Unlinks an account; the sessions the identity opened on it end. */
export function useUnbindAccount(credentials: PassportCredentials | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: string) =>
      callApi(unbindPassport, { account }, { credentials: credentials ?? undefined, quiet: true }),
    onSuccess: async () => {
      await invalidateCalls(queryClient, getPassportLoginInfo);
    },
  });
}
