import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unbindPassport } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import { passportKeys, type PassportCredentials } from './query-keys';

/** Unlinks an account; the sessions the identity opened on it end. */
export function useUnbindAccount(credentials: PassportCredentials | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: string) =>
      callApi(unbindPassport, { account }, { credentials: credentials ?? undefined, quiet: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passportKeys.info });
    },
  });
}
