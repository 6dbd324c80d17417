import { useMutation } from '@tanstack/react-query';
import type { changePwd } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useChangePwd() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof changePwd>) =>
      callApi((await loadAccountCalls()).changePwd, body),
  });
}
