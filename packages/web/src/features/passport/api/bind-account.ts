import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { bindPassportAccount } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import type { PassportCredentials } from './credentials';

/** Links an account to the messaging-app identity and logs in to it (the answer is its user info). */
export function useBindAccount(credentials: PassportCredentials) {
  return useMutation({
    mutationFn: (body: CallRequest<typeof bindPassportAccount>) =>
      callApi(bindPassportAccount, body, { credentials, quiet: true }),
  });
}
