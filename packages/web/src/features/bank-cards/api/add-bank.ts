import { addBank, addBankInfoForShare } from '@vendo/contract/api/bank-cards';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';

export type MerchantFormBody = Omit<CallRequest<typeof addBank>, 'merchant_id'>;

/** The invitation's token and secret from the /shareAddBank address; null on /bankCard. */
export interface ShareCredentials {
  token: string;
  secret: string;
}

/**
 * Step 1. On /bankCard: a new card, or the correction of one (merchantId). Through an invitation: its card,
 * created or corrected. Quiet: the form shows the server's words.
 */
export function saveMerchantForm(
  body: MerchantFormBody,
  merchantId: string | null,
  share: ShareCredentials | null,
) {
  if (share) return callApi(addBankInfoForShare, { ...share, ...body }, { quiet: true });
  return callApi(addBank, { ...body, ...(merchantId ? { merchant_id: merchantId } : {}) }, { quiet: true });
}
