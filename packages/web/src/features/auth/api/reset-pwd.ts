import { useMutation } from '@tanstack/react-query';
import type { resetPwd } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useResetPwd() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof resetPwd>) =>
      callApi((await loadAccountCalls()).resetPwd, body),
  });
}
