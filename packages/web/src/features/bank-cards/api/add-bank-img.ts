import { addBankImg, addBankImgForShare, type BankImageField } from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import type { ShareCredentials } from './add-bank';

export type ImageForm = Record<BankImageField, string>;

/** Step 2: the six photos of the card, which submits it for review (on /bankCard or through an invitation). */
export function saveMerchantImages(merchantId: string, images: ImageForm, share: ShareCredentials | null) {
  if (share) return callApi(addBankImgForShare, { ...share, ...images }, { quiet: true });
  return callApi(addBankImg, { merchant_id: merchantId, ...images }, { quiet: true });
}
