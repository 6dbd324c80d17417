import { useMutation } from '@tanstack/react-query';
import type { login } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof login>) => callApi((await loadAccountCalls()).login, body),
  });
}
