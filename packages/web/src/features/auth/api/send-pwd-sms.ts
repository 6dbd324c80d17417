import { useMutation } from '@tanstack/react-query';
import type { sendPwdSMS } from '@vendo/contract/api/account';
import type { CallRequest } from '@vendo/contract/api/call';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

export function useSendPwdSms() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof sendPwdSMS>) =>
      callApi((await loadAccountCalls()).sendPwdSMS, body),
  });
}
