import { useQuery } from '@tanstack/react-query';
import { getImage, IMAGE_URL_VALID_MS } from '@vendo/contract/api/bank-cards';
import { callQuery } from '../../../lib/query-keys';

/** A card's photos as signed URLs; asked again before the URLs stop working. */
export function useBankImages(merchantId: string, enabled = true) {
  return useQuery({
    ...callQuery(getImage, { merchant_id: merchantId }),
    enabled,
    staleTime: IMAGE_URL_VALID_MS / 2,
  });
}
