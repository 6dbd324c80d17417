import { useMutation } from '@tanstack/react-query';
import { switchAccount } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import type { PassportCredentials } from './credentials';

/** Logs in to another linked account: the answer is that account's user info. */
export function useSwitchAccount(credentials: PassportCredentials | null) {
  return useMutation({
    mutationFn: (account: string) =>
      callApi(switchAccount, { account }, { credentials: credentials ?? undefined, quiet: true }),
  });
}
