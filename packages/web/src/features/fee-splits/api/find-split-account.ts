import { useMutation } from '@tanstack/react-query';
import { getMchByBankNo } from '@vendo/contract/api/splits';
import { callApi } from '../../../lib/api-client';

/** Other merchants' approved cards with this number, masked. Quiet: the refusal shows at the number. */
export function useFindSplitAccount() {
  return useMutation({
    mutationFn: (acctNo: string) => callApi(getMchByBankNo, { acct_no: acctNo }, { quiet: true }),
  });
}
