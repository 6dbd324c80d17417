import { useMutation } from '@tanstack/react-query';
import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';

/** Sends the code to the logged-in account's own phone; the answer says which (masked) number got it. */
export function useSendOwnPwdSms() {
  return useMutation({ mutationFn: async () => callApi((await loadAccountCalls()).sendOwnPwdSMS) });
}
