import { useMutation } from '@tanstack/react-query';
import type { checkAccount } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useCheckAccount() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof checkAccount>) =>
      callApi((await loadAccountCalls()).checkAccount, body),
  });
}
