import { useMutation } from '@tanstack/react-query';
import type { signUp } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof signUp>) => callApi((await loadAccountCalls()).signUp, body),
  });
}
