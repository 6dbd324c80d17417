import { useMutation } from '@tanstack/react-query';
import type { editOprPwd } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useEditOprPwd() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof editOprPwd>) =>
      callApi((await loadAccountCalls()).editOprPwd, body),
  });
}
